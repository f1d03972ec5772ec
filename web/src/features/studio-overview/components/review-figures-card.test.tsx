import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { studioOverviewAnswer } from '../../../testing/studio-overview.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { monthName } from '../lib/period-text.ts';
import { ReviewFiguresCard } from './review-figures-card.tsx';

const month = (m: string, delivered: number, firstTimeApproved: number, sentBack: number) => ({
  month: m,
  delivered,
  firstTimeApproved,
  sentBack,
  rate: delivered > 0 ? firstTimeApproved / delivered : null,
});

describe('the studio first-time approval card', () => {
  it('shows this month and the six months together, then month by month', async () => {
    stubFetch({
      'GET /api/studio/overview': () =>
        jsonResponse(
          studioOverviewAnswer({
            firstTimeApproval: {
              months: [
                month('2026-11', 12, 11, 1),
                month('2026-10', 8, 6, 2),
                month('2026-09', 0, 0, 0),
                month('2026-08', 0, 0, 0),
                month('2026-07', 0, 0, 0),
                month('2026-06', 0, 0, 0),
              ],
              total: { delivered: 20, firstTimeApproved: 17, sentBack: 3, rate: 0.85 },
            },
          }),
        ),
    });
    renderStaffScreen(<ReviewFiguresCard />);
    const card = await screen.findByRole('region', { name: 'First-time approval' });
    const figures = await within(card).findAllByRole('definition');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['This month', 'Last 6 months']);
    const [thisMonth, sixMonths] = figures;
    expect(thisMonth!.textContent).toBe('92 % (11 of 12 images approved without a redo)');
    expect(sixMonths!.textContent).toBe('85 % (17 of 20 images approved without a redo)');
    // Month by month is in the figures' first-time approval card.
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('names a month as the server counts it (UTC)', () => {
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthName('2025-12')).toBe('December 2025');
  });
});
