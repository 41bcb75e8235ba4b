import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { ROUTE_TABLE, legacyRedirect, type RemotePageProps, type RemoteRoute } from '@eyewear/federation';
import { BareLayout, ShellLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RemoteArea } from './remote-area';

function RemoteRoutePage({ route }: { route: RemoteRoute }) {
  const params = useParams();
  return (
    <RemoteArea<RemotePageProps>
      key={`${route.remote}${route.expose}`}
      remote={route.remote}
      expose={route.expose}
      props={{ params, props: route.props ?? {} }}
    />
  );
}

/** Paths no route claims: legacy URLs redirect; anything else is not found. */
function Unmatched() {
  const location = useLocation();
  const target = legacyRedirect(location.pathname, location.search, location.hash);
  if (target) return <Navigate to={target} replace />;
  return <NotFoundPage />;
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
