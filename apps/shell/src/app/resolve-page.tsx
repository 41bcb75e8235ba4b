import { use, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from '@eyewear/router';
import { ApiError, coreRoutes, type ApiClient } from '@eyewear/api-client';
import { legacyRedirect, type RemotePageProps, type RemoteRoute } from '@eyewear/federation';
import { useApi } from './api-context';
import { NotFoundPage } from './not-found-page';
import { Redirect } from './redirect';
import { RemoteArea } from './remote-area';
import { sectionResolved, type Section } from './shell-slice';

export type { Section };

/** Which page a looked-up section opens (search counts as a category, spec §2). */
const PAGE_OF: Record<Exclude<Section, 'na'>, (id: string) => Pick<RemoteRoute, 'remote' | 'expose'> & { props: RemotePageProps }> = {
  cat: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'cat' } } }),
  col: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'col' } } }),
  search: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'search', query: id } } }),
  prod: (id) => ({ remote: 'product', expose: './ProductPage', props: { params: { id }, props: {} } }),
  cms: (id) => ({ remote: 'catalog', expose: './CmsPage', props: { params: {}, props: { page: id } } }),
};

/** 'type:id' -> its parts; anything else is 'na' (spec §2: a failed lookup is 'na'). */
export function parseLookup(path: string): { section: Section; id: string } {
  const at = path.indexOf(':');
  const section = path.slice(0, at) as Section;
  const id = path.slice(at + 1);
  return at > 0 && section in PAGE_OF && id ? { section, id } : { section: 'na', id: '' };
}

const lookups = new Map<string, Promise<{ section: Section; id: string }>>();

function lookup(api: Pick<ApiClient, 'call'>, pathname: string) {
  let pending = lookups.get(pathname);
  if (!pending) {
    pending = api.call(coreRoutes.routing, { query: { url: pathname } }).then(
      (answer) => parseLookup(answer.result.path),
      (error: unknown) => {
        // An unreachable API is not "not found": forget it so the next visit asks again.
        if (!(error instanceof ApiError) || error.status >= 500) lookups.delete(pathname);
        return { section: 'na' as const, id: '' };
      },
    );
    lookups.set(pathname, pending);
  }
  return pending;
}

/**
 * Content pages with optional subpaths (`/premium-eyeglasses/...`): a deeper URL is first an
 * SEO listing the lookup knows (`/premium-eyeglasses/titanium.html`); one it does not know
 * still opens the content page, as the route table's `/*` did (ADR 012).
 */
const CONTENT_WITH_SUBPATHS = ['premium-eyeglasses', 'premium-sunglasses'];

export function contentPageOf(pathname: string): string | null {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return CONTENT_WITH_SUBPATHS.includes(first) && pathname.length > first.length + 2 ? first : null;
}

function ResolvedPage({ pathname }: { pathname: string }) {
  const api = useApi();
  const dispatch = useDispatch();
  // Looked up once per path (cached), so the suspended render and its retry share the answer.
  const found = use(lookup(api, pathname));
  useEffect(() => {
    dispatch(sectionResolved(found));
  }, [dispatch, found]);
  if (found.section === 'na') {
    const content = contentPageOf(pathname);
    if (content) return <RemoteArea<RemotePageProps> key="catalog./ContentPage" remote="catalog" expose="./ContentPage" props={{ params: { '*': pathname.slice(content.length + 2) }, props: { page: content } }} />;
    return <NotFoundPage />;
  }
  const page = PAGE_OF[found.section](found.id);
  return <RemoteArea<RemotePageProps> key={`${page.remote}${page.expose}`} remote={page.remote} expose={page.expose} props={page.props} />;
}

/**
 * Paths no route claims: legacy URLs redirect; SEO URLs (category, product, CMS, collection,
 * search landing) go through the routing lookup to their owner's page; the rest is not found.
 */
export function Unmatched() {
  const location = useLocation();
  const target = legacyRedirect(location.pathname, location.search, location.hash);
  if (target) return <Redirect to={target} />;
  return <ResolvedPage pathname={location.pathname} />;
}
