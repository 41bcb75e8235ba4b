import { Route, Routes, useParams } from 'react-router-dom';
import { ROUTE_TABLE, type RemotePageProps, type RemoteRoute } from '@eyewear/federation';
import { BareLayout, ShellLayout } from './layout';
import { RemoteArea } from './remote-area';
import { Unmatched } from './resolve-page';

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
