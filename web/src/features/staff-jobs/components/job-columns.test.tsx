import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { jobFixture } from '../../../testing/job-fixtures.ts';
import { editorPageColumns, editPageColumns } from './job-columns.tsx';
import { JobCard } from './job-card.tsx';

const priced = jobFixture({
  status: 'IN_PROGRESS',
  totalCents: 12_345,
  discountCents: 500,
  rushSurchargeCents: 2_000,
  turnaround: { id: 'express', name: 'Express', hours: 24, surchargePercent: 50 } as never,
  cancellationRequest: {
    status: 'PENDING',
    reason: 'Ordered twice',
    requestedAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
  },
});

function card(columns: Parameters<typeof JobCard>[0]['columns'], overrides: Partial<typeof priced> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ul>
          <JobCard job={{ ...priced, ...overrides }} columns={columns} idPrefix="t" />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('listitem');
}

describe('the job boards (#40, item 12)', () => {
  it("an editor's card says what the work needs and no price, discount or surcharge", () => {
    const item = card(editorPageColumns);
    expect(within(item).getByText('Express, 24 h')).toBeTruthy();
    expect(item.textContent).not.toMatch(/\$|123\.45|discount|surcharge|Amount/);
  });

  it("a manager's card keeps the amount and the turnaround's price parts", () => {
    const item = card(
      editPageColumns((id) => (id === 'editor-7' ? 'Eddie' : undefined)),
      { editorId: 'editor-7' },
    );
    expect(item.textContent).toContain('$123.45');
    expect(item.textContent).toContain('surcharge +$20.00');
    expect(within(item).getByText('Eddie')).toBeTruthy();
  });

  it('a pending cancellation request is on the card', () => {
    const item = card(editorPageColumns);
    expect(within(item).getByText('Client asked to cancel')).toBeTruthy();
  });

  it('a decided request is not shown', () => {
    render(
      <MemoryRouter>
        <ul>
          <JobCard
            job={{ ...priced, cancellationRequest: { ...priced.cancellationRequest!, status: 'DECLINED' } }}
            columns={editorPageColumns}
            idPrefix="t"
          />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.queryByText('Client asked to cancel')).toBeNull();
  });
});
