import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Saga } from 'redux-saga';
import { useApiClient, useInjectSaga, useInjectSlice, useLatestEvent, useRenderEnv, useServerLoad, type LazySlices } from '@eyewear/event-bus';
import { useMessages, useServerHead } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCrawlerVisit } from '../../../app/crawler';
import { useInView } from '../../../app/use-in-view';
import { useLoadWishlist } from '../../wishlist';
import { isHiddenFor, visibleSectionCount } from '../rules';
import { homeSaga } from '../state/home-saga';
import { homeActions, homeSettled, homeSlice } from '../state/home-slice';
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
  const placedOrder = useLatestEvent('session/changed', (session) => session?.hasPlacedOrder === true);
  const env = useRenderEnv();
  const crawler = useCrawlerVisit();
  // The server renders the page's sections and first carousels (issue 19); a page hydrated from
  // them is not loaded again. The viewport is the browser's (matchMedia), the request's on the server.
  useServerLoad<Partial<LazySlices>>({
    key: page,
    // useServerLoad hands the saga `deps` as given (its type is any object).
    saga: homeSaga as Saga<[object]>,
    sagaKey: 'catalog/home',
    deps: { api },
    action: () => homeActions.load(env.server ? { page, mobile: env.mobile, atOnce: true, firstScreen: !crawler } : { page, mobile: isMobileViewport() }),
    done: (root) => homeSettled(root.catalogHome, page),
  });
  // The hearts on carousel cards show what the customer has saved.
  useLoadWishlist();

  const current = state.page === page ? state : null;
  const shown = current?.sections.filter((s) => !isHiddenFor(s.className, placedOrder)) ?? [];
  const count = visibleSectionCount({
    total: shown.length,
    carouselsLoaded: Boolean(current?.carouselsLoaded),
    appended: current?.appended ?? 0,
    crawler,
  });
  const more = count < shown.length;
  const wantMore = useCallback(() => dispatch(homeActions.completeCarousels()), [dispatch]);
  const sentinel = useInView<HTMLDivElement>(() => dispatch(homeActions.moreSections()), Boolean(current?.carouselsLoaded) && more, count);
  const title = page === 'home' ? heading : (current?.title ?? heading);
  // No such page, or a name no page can have (400: `/promo/<script>` showed its name as a 200 page, issue 40).
  const notFound = current?.status === 'failed' && (current.error?.status === 404 || current.error?.status === 400);
  useDocumentTitle(notFound ? missing.title : title, m.siteName);
  // A page that does not exist answers 404 (issue 19).
  const serverHead = useServerHead();
  if (serverHead && notFound) serverHead.status = 404;

  if (current?.status === 'failed') {
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
            const total = typeof catId === 'number' ? current.carouselTotals[String(catId)] : undefined;
            return (
              <div key={section.id} className={section.className} data-section={section.id}>
                <Section
                  section={section}
                  first={index === 0}
                  // A carousel a server render left out (off the first screen) shows as loading until it comes.
                  products={typeof catId === 'number' && current.carouselsLoaded ? current.carousels[String(catId)] : undefined}
                  total={total}
                  onWantMore={total === undefined ? undefined : wantMore}
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
