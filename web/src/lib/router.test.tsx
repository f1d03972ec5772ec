import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createMemoryHistory,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  useLocation,
  useParams,
  useRoutes,
  type RouteObject,
} from './router.tsx';

const table: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: 'home' },
      { path: '/services2', element: 'services' },
      { path: 'specific-services/:id', element: 'service' },
      { path: 'payment/:jobId', element: 'payment' },
      { path: '/payment', element: 'payments' },
      { path: '*', element: 'not found' },
    ],
  },
];

const leaf = (pathname: string) => matchRoutes(table, pathname)?.chain.at(-1)?.element;

describe('route matching', () => {
  it('ranks static segments before dynamic ones before the splat, and the index route for its parent', () => {
    expect(leaf('/')).toBe('home');
    expect(leaf('/services2')).toBe('services');
    expect(leaf('/SERVICES2/')).toBe('services');
    expect(leaf('/payment')).toBe('payments');
    expect(leaf('/payment/01J')).toBe('payment');
    expect(leaf('/specific-services/01J')).toBe('service');
    expect(leaf('/specific-services/01J/more')).toBe('not found');
    expect(leaf('/nowhere')).toBe('not found');
  });

  it('answers params, decoded, and the rest of the path for a splat', () => {
    expect(matchPath('/specific-services/:id', '/specific-services/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/files/*', '/files/a/b')).toEqual({ '*': 'a/b' });
    expect(matchPath('/payment/:jobId', '/payment')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  const { id } = useParams();
  return (
    <p>
      {location.pathname}
      {location.search} {id ?? '-'} {JSON.stringify(location.state)}
    </p>
  );
}

function App({ routes }: { routes: RouteObject[] }) {
  return <>{useRoutes(routes)}</>;
}

describe('the router', () => {
  it('follows links with their state, renders the matched route with its params, and navigates with Navigate', async () => {
    const history = createMemoryHistory('/');
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Link to="/specific-services/7?x=1" state={{ from: 'home' }}>
              go
            </Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Where /> },
          { path: 'specific-services/:id', element: <Where /> },
          { path: 'old', element: <Navigate to="/specific-services/9" replace /> },
        ],
      },
    ];
    render(
      <Router history={history}>
        <App routes={routes} />
      </Router>,
    );
    expect(screen.getByText(/^\/ - null$/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'go' }));
    });
    expect(screen.getByText('/specific-services/7?x=1 7 {"from":"home"}')).toBeTruthy();
    expect(history.current().type).toBe('PUSH');
    await act(async () => history.navigate('/old'));
    expect(await screen.findByText('/specific-services/9 9 null')).toBeTruthy();
    expect(history.current().type).toBe('REPLACE');
  });

  it('leaves a click with a modifier key to the browser', async () => {
    const history = createMemoryHistory('/');
    render(
      <Router history={history}>
        <Link to="/elsewhere">away</Link>
      </Router>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'away' }), { ctrlKey: true });
    expect(history.current().location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'away' }).getAttribute('href')).toBe('/elsewhere');
  });
});
