import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactLead, FreeTrialLead } from '@studio/shared/lead';
import { errorEnvelope } from '@studio/shared/errors';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { leadKeys } from '../api/query-keys.ts';
import { ContactLeads } from './contact-leads.tsx';

function contactLead(n: number, overrides: Partial<ContactLead> = {}): ContactLead {
  return {
    id: fixtureId(n, '01JD1EAD00000000000000'),
    source: 'contact-form',
    name: `Lead ${n}`,
    email: `lead${n}@example.com`,
    phone: '+1 555 0100',
    service: 'Clipping Path',
    description: `Message ${n}`,
    consentPersonalData: null,
    consentOffers: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const freeTrialLead: FreeTrialLead = {
  id: fixtureId(9, '01JDTR1A10000000000000'),
  serviceId: fixtureId(1, '01JDSERV1CE00000000000'),
  service: 'Jewelry',
  brief: 'White background',
  name: 'Tia Trial',
  email: 'tia@example.com',
  format: 'PNG',
  imageLink: 'https://photos.example/tia',
  createdAt: '2026-11-21T09:30:00.000Z',
};

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'a-1', email: 'admin@example.com', username: 'Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

const table = (name: string) => screen.findByRole('table', { name }, { timeout: 3000 });
const rowNames = (element: HTMLElement) =>
  within(element)
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.data-table__value')?.textContent);

describe('ContactLeads (staff-leads)', () => {
  it("shows the spec's columns, reads further pages with Load more, and marks footer messages", async () => {
    const { calls } = stubFetch({
      'GET /api/contact/all-leads': () =>
        jsonResponse({ leads: [contactLead(1), contactLead(2, { source: 'footer', phone: null })], next: 'p2' }),
      'GET /api/contact/all-leads?next=p2': () => jsonResponse({ leads: [contactLead(3)], next: null }),
    });
    renderWithProviders(<ContactLeads />);
    const leads = await table('Contact leads');
    expect(
      within(leads)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Service', 'Message', 'Date']);
    expect(rowNames(leads)).toEqual(['Lead 1', 'Lead 2']);
    const footer = within(leads).getAllByRole('row')[2]!;
    expect(footer.textContent).toContain('Message 2 (footer form)');
    expect(within(footer).getAllByRole('cell')[1]?.textContent).toContain('—');
    expect(within(leads).getByRole('link', { name: 'lead1@example.com' }).getAttribute('href')).toBe(
      'mailto:lead1@example.com',
    );
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer staff-tok');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames(leads)).toEqual(['Lead 1', 'Lead 2', 'Lead 3']));
    // The last page has no next position: the button is gone.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the search to the server, which searches every lead, and says when nothing matches', async () => {
    const { calls } = stubFetch({
      'GET /api/contact/all-leads': () => jsonResponse({ leads: [contactLead(1), contactLead(2)], next: 'p2' }),
      'GET /api/contact/all-leads?search=lead+7': () => jsonResponse({ leads: [contactLead(7)], next: null }),
      'GET /api/contact/all-leads?search=nobody': () => jsonResponse({ leads: [], next: null }),
    });
    renderWithProviders(<ContactLeads />);
    const leads = await table('Contact leads');
    fireEvent.change(screen.getByLabelText('Search by name, email or service'), { target: { value: ' lead 7 ' } });
    await waitFor(() => expect(rowNames(leads)).toEqual(['Lead 7']));
    expect(calls.at(-1)?.url.searchParams.get('search')).toBe('lead 7');

    fireEvent.change(screen.getByLabelText('Search by name, email or service'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No matching leads found', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('shows free-trial leads in their tab, with their own columns and the image link', async () => {
    stubFetch({
      'GET /api/contact/all-leads': () => jsonResponse({ leads: [], next: null }),
      'GET /api/free-trial-leads/all': () => jsonResponse({ leads: [freeTrialLead], next: null }),
    });
    renderWithProviders(<ContactLeads />);
    expect(await screen.findByText('No contact leads available', {}, { timeout: 3000 })).toBeTruthy();
    const contactTab = screen.getByRole('tab', { name: 'Contact leads' });
    // Arrow keys move between the tabs (and select).
    fireEvent.keyDown(contactTab, { key: 'ArrowRight' });
    const trialTab = screen.getByRole('tab', { name: 'Free-trial leads' });
    expect(trialTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(trialTab);
    const trials = await table('Free-trial leads');
    expect(screen.getByRole('tabpanel', { name: 'Free-trial leads' })).toBeTruthy();
    expect(
      within(trials)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Service', 'Brief', 'Format', 'Images', 'Date']);
    const link = within(trials).getByRole('link', { name: 'https://photos.example/tia' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(trials).getByText('PNG')).toBeTruthy();
  });

  it('says a failed read failed, and Try Again reads again', async () => {
    stubFetch({
      'GET /api/contact/all-leads': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'Something went wrong'), 500),
        () => jsonResponse({ leads: [contactLead(1)], next: null }),
      ],
    });
    renderWithProviders(<ContactLeads />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Failed to load data. Something went wrong');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(rowNames(await table('Contact leads'))).toEqual(['Lead 1']);
  });

  it('keys its queries from one factory, so a change can refresh exactly the lists it affects', () => {
    expect(leadKeys.list('contact', 'ann').slice(0, leadKeys.lists().length)).toEqual(leadKeys.lists());
    expect(leadKeys.list('contact', '')).not.toEqual(leadKeys.list('free-trial', ''));
  });
});
