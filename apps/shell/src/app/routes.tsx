import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Route, Routes, useLocation, useParams } from '@eyewear/router';
import { ROUTE_TABLE, type RemotePageProps, type RemoteRoute } from '@eyewear/federation';
import { BareLayout, ShellLayout } from './layout';
import { usePageReads } from './page-reads';
import { RemoteArea } from './remote-area';
import { contentPageOf, Unmatched } from './resolve-page';
import { sectionResolved, type Section } from './shell-slice';

/** The section a route-table page stands for (shopping §2; search counts as a category). */
export function sectionOfRoute(route: Pick<RemoteRoute, 'expose'>): Section | null {
  switch (route.expose) {
    case './ProductPage':
      return 'prod';
    case './ListingPage':
    case './SearchPage':
      return 'cat';
    case './CmsPage':
      return 'cms';
    default:
      return null;
  }
}

function RemoteRoutePage({ route }: { route: RemoteRoute }) {
  const params = useParams();
  const { pathname } = useLocation();
  const dispatch = useDispatch();
  // A deeper URL under a content page (`/premium-eyeglasses/titanium.html`) is an SEO listing
  // first: it goes through the routing lookup (ADR 012).
  const lookupFirst = Boolean(params['*']) && contentPageOf(pathname) !== null;
  // The page's data starts now, beside its code (issue 39).
  usePageReads({ remote: route.remote, expose: route.expose, params }, lookupFirst ? '' : pathname);
  useEffect(() => {
    if (!lookupFirst) dispatch(sectionResolved({ section: sectionOfRoute(route), id: params.id ?? '' }));
  }, [dispatch, route, params.id, lookupFirst]);
  if (lookupFirst) return <Unmatched />;
  return (
    <RemoteArea<RemotePageProps>
      key={`${route.remote}${route.expose}`}
      remote={route.remote}
      expose={route.expose}
      props={{ params, props: route.props ?? {} }}
    />
  );
}

/** The shell's route table: every route of both specs, each rendered by its owner's page. */
export function AppRoutes() {
  const shellRoutes = ROUTE_TABLE.filter((route) => route.layout !== 'bare');
  const bareRoutes = ROUTE_TABLE.filter((route) => route.layout === 'bare');
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        {shellRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RemoteRoutePage route={route} />} />
        ))}
        <Route path="*" element={<Unmatched />} />
      </Route>
      <Route element={<BareLayout />}>
        {bareRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RemoteRoutePage route={route} />} />
        ))}
      </Route>
    </Routes>
  );
}
