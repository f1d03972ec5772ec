import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StudioSetupItem } from '@studio/shared/studio-setup';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { settingsKeys } from '../api/query-keys.ts';
import { SetupChecklist } from './setup-checklist.tsx';

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'a-1', email: 'admin@example.com', username: 'Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

const answer = (items: StudioSetupItem[]) => ({ 'GET /api/studio/setup': () => jsonResponse({ items }) });

describe("SetupChecklist: the owner's checklist (#40)", () => {
  it('lists what is missing with where it is set, and the deploy-time items that do not apply locally', async () => {
    stubFetch(
      answer([
        { id: 'legalNameAndTaxId', status: 'missing' },
        { id: 'bankDetails', status: 'done' },
        { id: 'stripeKeys', status: 'notApplicable' },
        { id: 'alarmEmail', status: 'notApplicable' },
      ]),
    );
    renderWithProviders(<SetupChecklist />);
    const checklist = await screen.findByRole('region', { name: 'Still to set up' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Legal name and VAT number');
    expect(within(items[0]!).getByRole('link', { name: 'Enter them in Studio Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(checklist.textContent).not.toContain('Bank details');
    expect(checklist.textContent).toContain(
      'Not applicable on this local stack (set when the studio is deployed): Stripe keys (payments go to the local Stripe emulator); Alarm e-mail (alarms exist only on AWS).',
    );
  });

  it("names the deployment guide's step for the deploy-time items, test-mode Stripe keys included", async () => {
    stubFetch(
      answer([
        { id: 'legalNameAndTaxId', status: 'done' },
        { id: 'bankDetails', status: 'done' },
        { id: 'stripeKeys', status: 'testMode' },
        { id: 'alarmEmail', status: 'missing' },
      ]),
    );
    renderWithProviders(<SetupChecklist />);
    const checklist = await screen.findByRole('region', { name: 'Still to set up' });
    const [stripe, alarm] = within(checklist).getAllByRole('listitem');
    expect(stripe!.textContent).toContain('test-mode keys');
    expect(stripe!.textContent).toContain('docs/deploy.md, step 11');
    expect(alarm!.textContent).toContain('docs/deploy.md, steps 6');
    expect(checklist.textContent).not.toContain('Not applicable');
  });

  it('shows nothing once nothing is left to do', async () => {
    stubFetch(
      answer([
        { id: 'legalNameAndTaxId', status: 'done' },
        { id: 'bankDetails', status: 'done' },
        { id: 'stripeKeys', status: 'notApplicable' },
        { id: 'alarmEmail', status: 'notApplicable' },
      ]),
    );
    const { container, queryClient } = renderWithProviders(<SetupChecklist />);
    // The answer is in, and the checklist stays away.
    await waitFor(() => expect(queryClient.getQueryState(settingsKeys.setup())?.status).toBe('success'));
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('region', { name: 'Still to set up' })).toBeNull();
  });
});
