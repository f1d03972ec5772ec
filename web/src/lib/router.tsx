import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The app's router: the part of React Router's API the app uses, written for it. React Router 7
 * is about 15 KB gzip of the public pages' first load, most of it the data router (loaders,
 * actions, fetchers, revalidation) the app does not use (docs/decisions.md). This is the same
 * behaviour for what the app does use: history entries with state, navigations in a transition
 * (the current page stays until the next is ready), React Router's route ranking (static segments
 * before dynamic ones before a splat), nested routes with index routes and `Outlet`, and a static
 * router for the renderer and a memory one for tests.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed as `state`; null when none (or after a reload of another page). */
  state: unknown;
  /** Unique per history entry; `default` for the entry the app started on. */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** A route of the table (the data-router shape the app declares its routes in; route-elements.tsx). */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  Component?: ComponentType | null;
  ErrorBoundary?: ComponentType<{ error: unknown }> | null;
  errorElement?: ReactNode;
  HydrateFallback?: ComponentType | null;
  lazy?: () => Promise<{ Component?: ComponentType | null; element?: ReactNode }>;
}

/** Where the router reads the current entry and sends navigations. */
export interface History {
  current(): { location: Location; type: NavigationType };
  navigate: NavigateFunction;
  /** Calls `listener` after every change; answers the function that stops it. */
  listen(listener: () => void): () => void;
}

let keys = 0;
const nextKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

function split(to: string, base: string): Pick<Location, 'pathname' | 'search' | 'hash'> & { origin: string } {
  const url = new URL(to, base);
  return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The browser's history (the address bar, back and forward). */
export function createBrowserHistory(): History {
  const listeners = new Set<() => void>();
  const read = (type: NavigationType): { location: Location; type: NavigationType } => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }, type };
  };
  let current = read('POP');
  const notify = () => listeners.forEach((listener) => listener());
  window.addEventListener('popstate', () => {
    current = read('POP');
    notify();
  });
  return {
    current: () => current,
    navigate(to, { replace = false, state = null } = {}) {
      const { origin, pathname, search, hash } = split(to, window.location.href);
      if (origin !== window.location.origin) {
        window.location.assign(to);
        return;
      }
      const key = nextKey();
      window.history[replace ? 'replaceState' : 'pushState']({ usr: state, key }, '', pathname + search + hash);
      current = { location: { pathname, search, hash, state, key }, type: replace ? 'REPLACE' : 'PUSH' };
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history kept in memory, starting at `entry` (tests). */
export function createMemoryHistory(entry = '/'): History {
  const listeners = new Set<() => void>();
  const at = (to: string, base: string, state: unknown, key: string): Location => {
    const { pathname, search, hash } = split(to, base);
    return { pathname, search, hash, state, key };
  };
  let current: { location: Location; type: NavigationType } = {
    location: at(entry, 'http://memory.invalid/', null, 'default'),
    type: 'POP',
  };
  return {
    current: () => current,
    navigate(to, { replace = false, state = null } = {}) {
      const { pathname, search } = current.location;
      current = {
        location: at(to, `http://memory.invalid${pathname}${search}`, state, nextKey()),
        type: replace ? 'REPLACE' : 'PUSH',
      };
      listeners.forEach((listener) => listener());
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterState {
  location: Location;
  type: NavigationType;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ params: Record<string, string>; outlet: ReactNode }>({ params: {}, outlet: null });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks are used outside a router');
  return router;
}

/** Renders `children` with `history`'s current entry; every change re-renders in a transition. */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [entry, setEntry] = useState(history.current);
  // A layout effect: a page's <Navigate> (an effect) runs after it, so no navigation is missed.
  useLayoutEffect(() => {
    const update = () => startTransition(() => setEntry(history.current()));
    const stop = history.listen(update);
    if (history.current() !== entry) update();
    return stop;
    // `entry` as first rendered: later entries arrive through the listener.
  }, [history]);
  const value = useMemo(
    () => ({ location: entry.location, type: entry.type, navigate: history.navigate }),
    [entry, history],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router fixed at `location` (the renderer); navigating is an error there. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterState>(() => {
    const { pathname, search, hash } = split(location, 'http://static.invalid/');
    return {
      location: { pathname, search, hash, state: null, key: 'default' },
      type: 'POP',
      navigate: () => {
        throw new Error('A static router cannot navigate');
      },
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().type;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => useContext(RouteContext).params;

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: URLSearchParams | Record<string, string>) => {
    const search = new URLSearchParams(next).toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}`);
  };
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An `<a href>` that navigates in the app on a plain left click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

/** Navigates to `to` once mounted. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/** Where a parent route's element shows the matched child route. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

interface Branch {
  pattern: string;
  chain: RouteObject[];
  score: number;
}

const joinPaths = (parent: string, child: string | undefined) =>
  child === undefined ? parent : child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`;
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: static 10, dynamic 3, splat -2 per segment, index +2, and the depth. */
function scoreOf(pattern: string, index: boolean): number {
  const segments = segmentsOf(pattern);
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length + (index ? 2 : 0),
  );
}

function branchesOf(routes: RouteObject[], parent = '', parents: RouteObject[] = []): Branch[] {
  return routes.flatMap((route) => {
    const pattern = route.index ? parent : joinPaths(parent, route.path);
    const chain = [...parents, route];
    if (route.children?.length) return branchesOf(route.children, pattern, chain);
    return [{ pattern, chain, score: scoreOf(pattern, route.index ?? false) }];
  });
}

/** The params of `pathname` under `pattern`, or null when it does not match (case-insensitive). */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]!;
    if (segment === '*') {
      params['*'] = given.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const value = given[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment.toLowerCase() !== decodeURIComponent(value).toLowerCase()) return null;
  }
  return given.length === wanted.length ? params : null;
}

/** The best-ranked route matching `pathname`, from the root to the leaf, with its params. */
export function matchRoutes(routes: RouteObject[], pathname: string) {
  let best: { branch: Branch; params: Record<string, string> } | undefined;
  for (const branch of branchesOf(routes)) {
    const params = matchPath(branch.pattern, pathname);
    if (params && (!best || branch.score > best.branch.score)) best = { branch, params };
  }
  return best ? { chain: best.branch.chain, params: best.params } : null;
}

/**
 * The element of the route matching the current path (or `location`), inside its parents'
 * elements, each parent showing its child where it renders `<Outlet />`.
 */
export function useRoutes(routes: RouteObject[], location?: string): ReactNode {
  const current = useRouter().location.pathname;
  const pathname = location === undefined ? current : split(location, 'http://routes.invalid/').pathname;
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  return match.chain.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ params: match.params, outlet }}>
        {route.element ?? <Outlet />}
      </RouteContext.Provider>
    ),
    null,
  );
}
