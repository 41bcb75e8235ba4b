import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { isCrawlerVisit } from '../../../app/crawler';
import { useInView } from '../../../app/use-in-view';
import { useLoadWishlist } from '../../wishlist';
import { isHiddenFor, visibleSectionCount } from '../rules';
import { homeSaga } from '../state/home-saga';
import { homeActions, homeSlice } from '../state/home-slice';
import { Section } from './Section';
import '../../../app/catalog.css';
import './home.css';

export interface HomeViewProps {
  /** 'home' or a content/promo page's name. */
  page: string;
  testId: string;
  /** The h1 until the page names itself. */
  heading: string;
  /** Shown (with the h1) when the page does not exist. */
  missing: { title: string; detail: string };
}

/** Home, promo and content pages: sections from the content JSON (shopping §2 Home page). */
export function HomeView({ page, testId, heading, missing }: HomeViewProps) {
  const m = useMessages(messages);
  const api = useApiClient();
  const dispatch = useDispatch();
  const injected = useInjectSlice(homeSlice);
  useInjectSaga('catalog/home', homeSaga, { api });
  const state = useSelector(injected.selectors.selectHome);
  const session = useLatestEvent('session/changed');
  useEffect(() => {
    dispatch(homeActions.load({ page, mobile: isMobileViewport() }));
  }, [dispatch, page]);
  // The hearts on carousel cards show what the customer has saved.
  useLoadWishlist();

  const current = state.page === page ? state : null;
  const shown = current?.sections.filter((s) => !isHiddenFor(s.className, session?.hasPlacedOrder === true)) ?? [];
  const count = visibleSectionCount({
    total: shown.length,
    carouselsLoaded: Boolean(current?.carouselsLoaded),
    appended: current?.appended ?? 0,
    crawler: isCrawlerVisit(),
  });
  const more = count < shown.length;
  const sentinel = useInView<HTMLDivElement>(() => dispatch(homeActions.moreSections()), Boolean(current?.carouselsLoaded) && more, count);
  const title = page === 'home' ? heading : (current?.title ?? heading);
  useDocumentTitle(current?.status === 'failed' && current.error?.status === 404 ? missing.title : title, m.siteName);

  if (current?.status === 'failed') {
    const notFound = current.error?.status === 404;
    return (
      <article className="remote-page" data-testid={testId}>
        <h1>{notFound ? missing.title : title}</h1>
        <div className="catalog-state" role="alert">
          <p>{notFound ? missing.detail : m.contentLoadFailed}</p>
          {notFound ? (
            <Link to="/">{m.goHome}</Link>
          ) : (
            <button type="button" className="ui-button" onClick={() => dispatch(homeActions.load({ page, mobile: isMobileViewport() }))}>
              {m.retry}
            </button>
          )}
        </div>
      </article>
    );
  }
  return (
    <article className="remote-page catalog-home" data-testid={testId}>
      <h1 className="catalog-home__title">{title}</h1>
      {!current || current.status !== 'ready' ? (
        <SkeletonGrid label={m.pageLoading} />
      ) : (
        <>
          {shown.slice(0, count).map((section, index) => {
            const catId = section.data[0]?.data?.catId;
            return (
              <div key={section.id} className={section.className} data-section={section.id}>
                <Section
                  section={section}
                  first={index === 0}
                  products={typeof catId === 'number' && current.carouselsLoaded ? (current.carousels[String(catId)] ?? []) : undefined}
                />
              </div>
            );
          })}
          {more ? (
            <div ref={sentinel} className="catalog-more" role="status" aria-label={m.loadingSections}>
              <button type="button" className="ui-button ui-button--link" onClick={() => dispatch(homeActions.moreSections())}>
                {m.loadingSections}
              </button>
            </div>
          ) : null}
        </>
      )}
    </article>
  );
}
