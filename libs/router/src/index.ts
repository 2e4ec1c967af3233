// The panel's one router. The shell and every remote route through this module, never through
// react-router itself: it is the Module Federation singleton (one router context per page), and
// it names only what the panel uses, so the bundler drops the rest of react-router (the data
// router, server rendering and framework code) instead of shipping the whole package to '/'.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, RouteObject } from 'react-router';
