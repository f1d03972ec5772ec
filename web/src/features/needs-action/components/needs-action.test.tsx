import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { studioOverviewAnswer } from '../../../testing/studio-overview.ts';
import { NeedsAction } from './needs-action.tsx';

function signIn(role: 'MANAGER' | 'SUPER_ADMIN') {
  startStaffSession(
    'staff-tok',
    { id: 'm-1', email: 'max@example.com', username: 'Max', role },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
}

beforeEach(() => signIn('MANAGER'));

const tiles = () => within(screen.getByRole('region', { name: 'Needs action' })).getAllByRole('listitem');

describe('Needs action (#40, item 9)', () => {
  it('shows one tile per count, in reading order, each a link to its list; a number stands out, a zero does not', async () => {
    stubFetch({
      'GET /api/studio/overview': () =>
        jsonResponse(studioOverviewAnswer({ needsAction: { overdue: 3, waitingForQc: 12, newLeads: 2 } })),
    });
    renderWithProviders(<NeedsAction />);
    await screen.findByRole('link', { name: /Overdue/ });
    expect(tiles().map((tile) => tile.textContent)).toEqual([
      '3OverdueDue before now, still open.',
      '0Due todayDue from now to midnight, still open.',
      '12Waiting for QCDelivered images to check.',
      '0UnassignedOpen jobs with no editor.',
      '0Cancellation requestsClients waiting for a decision.',
      '0UnpaidNot paid 3 days after the order.',
      '2New leadsContact and free-trial forms, last 7 days.',
      '0New applicationsJob applications, last 7 days.',
    ]);
    const links = within(screen.getByRole('region', { name: 'Needs action' })).getAllByRole('link');
    // A manager cannot open the owner's leads and applications pages: those counts show without a link.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/edit-job?needs=overdue',
      '/edit-job?needs=dueToday',
      '/qc',
      '/edit-job?needs=unassigned',
      '/edit-job?needs=cancellationRequests',
      '/edit-job?needs=unpaid',
    ]);
    expect(links[0]!.className).toContain('needs-action__tile--due');
    expect(links[1]!.className).not.toContain('needs-action__tile--due');
    // When the counts were taken, in the reader's zone until the studio's is known.
    expect(
      screen
        .getByText(/^as of/)
        .querySelector('time')!
        .getAttribute('dateTime'),
    ).toBe('2026-11-28T09:05:00.000Z');
  });

  it("links the owner's tiles to the leads and applications pages", async () => {
    signIn('SUPER_ADMIN');
    stubFetch({ 'GET /api/studio/overview': () => jsonResponse(studioOverviewAnswer()) });
    renderWithProviders(<NeedsAction />);
    expect((await screen.findByRole('link', { name: /New leads/ })).getAttribute('href')).toBe('/contact-leads');
    expect(screen.getByRole('link', { name: /New applications/ }).getAttribute('href')).toBe('/review-applications');
  });

  it('says so when the counts cannot be read, with a way to try again', async () => {
    stubFetch({
      'GET /api/studio/overview': () =>
        jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' }, 500),
    });
    renderWithProviders(<NeedsAction />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Failed to load what needs action/);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
