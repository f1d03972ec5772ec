import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { studioOverviewAnswer } from '../../../testing/studio-overview.ts';
import { monthName, ReviewFiguresCard } from './review-figures-card.tsx';

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
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'November 202692 %121',
      'October 202675 %82',
      'September 2026–00',
      'August 2026–00',
      'July 2026–00',
      'June 2026–00',
    ]);
  });

  it('names a month as the server counts it (UTC)', () => {
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthName('2025-12')).toBe('December 2025');
  });
});
