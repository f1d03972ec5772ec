import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageState, type PageStateSource } from './page-state.tsx';

const query = (state: Partial<PageStateSource<string[]>>): PageStateSource<string[]> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  ...state,
});

function Shown({ source }: { source: PageStateSource<string[]> }) {
  return (
    <PageState query={source} failed={(error) => `Failed: ${(error as Error).message}`}>
      {(names) => <p>{names.join(', ')}</p>}
    </PageState>
  );
}

describe('PageState', () => {
  it("says 'Loading...' in a live region until the answer arrives", () => {
    render(<Shown source={query({ isPending: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it("says the page's failure text in an alert, built from the error where the page asks", () => {
    const { rerender } = render(<Shown source={query({ isError: true, error: new Error('offline') })} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed: offline');
    rerender(
      <PageState query={query({ isError: true })} failed="Failed to fetch services">
        {() => null}
      </PageState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch services');
  });

  it('shows the content with the data once it has arrived', () => {
    render(<Shown source={query({ data: ['Jewelry', 'Headshot'] })} />);
    expect(screen.getByText('Jewelry, Headshot')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
