import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { LoadMore } from './load-more.tsx';
import { QueryState, type QueryStateSource } from './query-state.tsx';

function source<Data>(state: Partial<QueryStateSource<Data>>): QueryStateSource<Data> {
  return { data: undefined, error: null, isError: false, refetch: vi.fn(), ...state };
}

const list = (names: string[]) => (
  <ul>
    {names.map((name) => (
      <li key={name}>{name}</li>
    ))}
  </ul>
);

describe('QueryState', () => {
  it("says the page's loading text in a live region until data arrives", () => {
    render(
      <QueryState query={source<string[]>({})} loading="Loading applications...">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading applications...');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the data, or the empty text for an empty answer', () => {
    const { rerender } = render(
      <QueryState query={source({ data: ['Ann'] })} empty="No contact leads available">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('listitem').textContent).toBe('Ann');
    rerender(
      <QueryState query={source<string[]>({ data: [] })} empty="No contact leads available">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('No contact leads available');
    rerender(
      <QueryState query={source({ data: { pages: [[]] } })} isEmpty={(d) => d.pages.flat().length === 0} empty="None">
        {() => 'content'}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('None');
  });

  it('says why it failed, with a retry that refetches', () => {
    const refetch = vi.fn();
    const error = new ApiError(403, 'FORBIDDEN', 'Not available for your role.');
    const { rerender } = render(
      <QueryState query={source<string[]>({ isError: true, error, refetch })}>{list}</QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load data. Not available for your role.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalledTimes(1);

    rerender(
      <QueryState
        query={source<string[]>({ isError: true, error: new ApiError(0, 'NETWORK_ERROR', 'x'), refetch })}
        error={(e) => `Error: ${e instanceof ApiError && e.status ? e.message : 'Failed to fetch applications'}`}
        retryLabel="Retry"
      >
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error: Failed to fetch applications');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps what it has on screen when a refetch fails; a failed next page is left to LoadMore', () => {
    const error = new ApiError(500, 'INTERNAL', 'Something went wrong');
    const { rerender } = render(
      <QueryState query={source({ data: ['Ann'], isError: true, error })}>{list}</QueryState>,
    );
    expect(screen.getByRole('listitem').textContent).toBe('Ann');
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <QueryState query={source({ data: ['Ann'], isError: true, error, isFetchNextPageError: true })}>
        {list}
      </QueryState>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoadMore', () => {
  it('asks for the next page, reads Loading... and is disabled meanwhile, and is gone at the end', () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<LoadMore query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<LoadMore query={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    const busy = screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    rerender(<LoadMore query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a failed page failed; the button tries again', () => {
    const fetchNextPage = vi.fn();
    render(
      <LoadMore
        query={{
          hasNextPage: true,
          isFetchingNextPage: false,
          fetchNextPage,
          isFetchNextPageError: true,
          error: new ApiError(0, 'NETWORK_ERROR', 'Network error occurred'),
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load more.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
