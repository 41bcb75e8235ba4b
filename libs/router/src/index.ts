// The routing API of every app (ADR 011). Apps import routing from here, never from
// react-router or react-router-dom directly (lint forbids it): Module Federation cannot
// tree-shake a shared package, so sharing react-router itself ships all of it (61 KB gzip)
// to every shopper; sharing this module ships only what is listed here (about 14 KB).
// Need another export? Add it here; every app gets it from the one shared copy.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  matchRoutes,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, To, Params, PathMatch, RouteObject, SetURLSearchParams } from 'react-router';
