import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';

/**
 * Renders the app's route table (`appRoutes`, written in the data-router shape with `lazy`,
 * `Component` and `ErrorBoundary`) with the declarative router instead of `createBrowserRouter`.
 *
 * Why: the data router (its loaders, actions, fetchers and revalidation) is about 17 KB gzip of
 * the public first load, and the site uses none of it. The declarative router matches the same
 * table; each `lazy` route becomes a `React.lazy` component behind Suspense, which is also what lets
 * the build prerender pages (React's static renderer waits for lazy components) and the browser
 * hydrate them without loading the route first (React keeps the server HTML until the chunk
 * arrives). Navigations run in a transition, so the current page stays until the next is ready.
 *
 * Supported in the table: `path`, `index`, `children`, `Component`, `element`, `ErrorBoundary`
 * (as a component taking `{ error }`) and `lazy` returning `{ Component }`. Data-router-only
 * features (`loader`, `action`, `useLoaderData`, `useNavigation`, `useBlocker`...) are not.
 */

export interface ConvertOptions {
  /** Shown while a lazy page's code loads (client render without prerendered HTML). */
  fallback: ReactNode;
  /** Replaces a route that threw while rendering. */
  errorPage: ComponentType<{ error: unknown }>;
}

interface ErrorBoundaryProps {
  resetKey: string;
  errorPage: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

class RouteErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean; key: string }> {
  override state = { error: undefined as unknown, failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { key: string; failed: boolean }) {
    // Another page: try again (the data router also drops a route error on navigation).
    if (props.resetKey !== state.key) return { key: props.resetKey, failed: false, error: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    const ErrorPage = this.props.errorPage;
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

function WithErrorBoundary({
  errorPage,
  children,
}: {
  errorPage: ComponentType<{ error: unknown }>;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} errorPage={errorPage}>
      {children}
    </RouteErrorBoundary>
  );
}

type LazyModule = { Component?: ComponentType | null; element?: ReactNode };

/** The table with every route's page as an element; lazy pages load once, then stay loaded. */
export function toElementRoutes(routes: RouteObject[], options: ConvertOptions): RouteObject[] {
  return routes.map((route) => {
    let element: ReactNode = route.element ?? (route.Component ? <route.Component /> : undefined);
    if (typeof route.lazy === 'function') {
      const load = route.lazy as () => Promise<LazyModule>;
      const Page = lazy(async () => {
        const loaded = await load();
        const Loaded = loaded.Component;
        if (Loaded) return { default: Loaded };
        const loadedElement = loaded.element ?? null;
        return { default: () => loadedElement };
      });
      element = (
        <Suspense fallback={options.fallback}>
          <Page />
        </Suspense>
      );
    }
    if (route.ErrorBoundary || route.errorElement) {
      element = <WithErrorBoundary errorPage={options.errorPage}>{element}</WithErrorBoundary>;
    }
    const converted = {
      path: route.path,
      element,
      ...(route.children ? { children: toElementRoutes(route.children, options) } : {}),
    };
    return (route.index ? { index: true, path: route.path, element } : converted) as RouteObject;
  });
}

/**
 * The matched page of a converted table; render inside a BrowserRouter or a StaticRouter.
 * `location`: match this path instead of the current one.
 */
export function RouteElements({ routes, location }: { routes: RouteObject[]; location?: string }) {
  return useRoutes(routes, location);
}
