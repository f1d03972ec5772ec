import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deliveryFixture, webhookFixture } from '../../../testing/api-access-fixtures.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { organisationFixture } from '../../../testing/organisation-fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ApiAccess } from './api-access.tsx';

const organisation = organisationFixture(2, { name: 'Acme Brands', role: 'OWNER' });
const hooksPath = `/api/organisations/${organisation.id}/webhooks`;
const noKeys = { [`GET /api/organisations/${organisation.id}/api-keys`]: () => jsonResponse({ apiKeys: [] }) };

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
  return screen.getByRole('form', { name: 'Add webhook' });
}

describe('the webhooks of an organisation', () => {
  it.each([
    ['not a url', 'Enter the full URL, e.g. https://example.com/hooks/studio.'],
    ['ftp://hooks.example.com/in', 'The URL must start with https://.'],
    ['https://me:secret@hooks.example.com/in', 'The URL must not carry a user name or password.'],
  ])('refuses the URL %s with the contract’s words, before sending', async (url, message) => {
    const { calls } = stubFetch({ ...noKeys, [`GET ${hooksPath}`]: () => jsonResponse({ webhooks: [] }) });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    const form = await openAddForm();
    fireEvent.change(within(form).getByLabelText('URL *'), { target: { value: url } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^job\.delivered/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add the webhook' }));
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(within(form).getByLabelText('URL *').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks for at least one event, then adds the webhook and shows its secret once', async () => {
    const made = webhookFixture(4, { url: 'https://hooks.example.com/in', events: ['job.paid', 'job.delivered'] });
    const secret = `whsec_${'s'.repeat(40)}`;
    const { calls } = stubFetch({
      ...noKeys,
      [`GET ${hooksPath}`]: [() => jsonResponse({ webhooks: [] }), () => jsonResponse({ webhooks: [made] })],
      [`POST ${hooksPath}`]: () => jsonResponse({ webhook: made, secret }, 201),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    const form = await openAddForm();
    expect(document.activeElement).toBe(within(form).getByLabelText('URL *'));
    fireEvent.change(within(form).getByLabelText('URL *'), { target: { value: ' https://hooks.example.com/in ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the webhook' }));
    expect(await within(form).findByText('Choose at least one event.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('checkbox', { name: /^job\.paid/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /^job\.delivered/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add the webhook' }));
    const field = (await screen.findByLabelText('Signing secret of https://hooks.example.com/in')) as HTMLInputElement;
    expect(field.value).toBe(secret);
    expect(screen.getByText(/Copy this secret now .* it will not be shown again\./)).toBeTruthy();
    // The URL is sent trimmed, as the schema reads it.
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['job.paid', 'job.delivered'],
    });
    expect(await screen.findByRole('article', { name: 'https://hooks.example.com/in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done, I have copied it' }));
    expect(document.body.innerHTML).not.toContain(secret);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add webhook' }));
  });

  it('edits the events, and turns a disabled webhook on again', async () => {
    const hook = webhookFixture(1, { enabled: false, disabledReason: 'Every delivery failed for 3 days' });
    const { calls } = stubFetch({
      ...noKeys,
      [`GET ${hooksPath}`]: () => jsonResponse({ webhooks: [hook] }),
      [`PUT ${hooksPath}/${hook.id}`]: ({ body }) =>
        jsonResponse({ webhook: { ...hook, ...(JSON.parse(body!) as object) } }),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    const card = await screen.findByRole('article', { name: hook.url });
    fireEvent.click(within(card).getByRole('button', { name: `Edit the events of ${hook.url}` }));
    const form = within(card).getByRole('form', { name: `Events of ${hook.url}` });
    const delivered = within(form).getByRole('checkbox', { name: /^job\.delivered/ }) as HTMLInputElement;
    expect(delivered.checked).toBe(true);
    fireEvent.click(delivered);
    fireEvent.click(within(form).getByRole('button', { name: 'Save events' }));
    expect(await within(form).findByText('Choose at least one event.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: /^job\.cancelled/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save events' }));
    expect(await within(card).findByText('Events saved.')).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: `Edit the events of ${hook.url}` }));

    fireEvent.click(within(card).getByRole('button', { name: 'Turn on again' }));
    expect(await within(card).findByText('Turned on again: events are sent to it from now on.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => JSON.parse(call.body!) as unknown)).toEqual([
      { events: ['job.cancelled'] },
      { enabled: true },
    ]);
  });

  it('lists the deliveries page by page, and sends a test event into them', async () => {
    const hook = webhookFixture(1);
    const failed = deliveryFixture(1, {
      event: 'job.paid',
      attempt: 3,
      status: 502,
      ok: false,
      response: `<html>${'Bad gateway '.repeat(30)}</html>`,
      nextAttemptAt: '2026-11-21T12:00:00.000Z',
    });
    const refused = deliveryFixture(2, { status: null, ok: false, response: 'connect ECONNREFUSED' });
    const older = deliveryFixture(3, { event: 'job.created', response: 'thanks' });
    const test = deliveryFixture(4, { event: 'webhook.test' });
    const { calls } = stubFetch({
      ...noKeys,
      [`GET ${hooksPath}`]: () => jsonResponse({ webhooks: [hook] }),
      [`GET ${hooksPath}/${hook.id}/deliveries`]: [
        () => jsonResponse({ deliveries: [failed, refused], nextCursor: 'page2' }),
        () => jsonResponse({ deliveries: [older], nextCursor: null }),
        // Read again after the test event: both pages shown, the test's delivery on top.
        () => jsonResponse({ deliveries: [test, failed, refused], nextCursor: 'page2' }),
        () => jsonResponse({ deliveries: [older], nextCursor: null }),
      ],
      [`POST ${hooksPath}/${hook.id}/test`]: () => jsonResponse({ eventId: 'evt_test' }, 201),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    const card = await screen.findByRole('article', { name: hook.url });
    fireEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));

    const table = await within(card).findByRole('table', { name: 'Deliveries' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('job.paid')).toBeTruthy();
    expect(within(first).getByText('3')).toBeTruthy();
    expect(within(first).getByText('502')).toBeTruthy();
    expect(within(first).getByText('Failed')).toBeTruthy();
    // The answer's first characters only.
    const answer = within(first).getByText(/^<html>Bad gateway/).textContent!;
    expect(answer.endsWith('…')).toBe(true);
    expect(answer.length).toBe(121);
    expect(within(first).getByRole('rowheader').textContent).toMatch(/21 Nov 2026/);
    expect(within(first).getByText(/^21 Nov 2026, \d\d:00/, { ignore: 'th, th *' })).toBeTruthy();
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getByText('none')).toBeTruthy();
    expect(within(second).getByText('connect ECONNREFUSED')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('thanks')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      calls
        .filter((call) => call.url.pathname.endsWith('/deliveries'))
        .map((call) => call.url.searchParams.get('cursor')),
    ).toEqual([null, 'page2']);

    fireEvent.click(within(card).getByRole('button', { name: 'Send a test event' }));
    expect(await within(card).findByText('Test event sent: its delivery is in the log below.')).toBeTruthy();
    expect(await within(card).findByText('webhook.test')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      `${hooksPath}/${hook.id}/test`,
    ]);
  });

  it('deletes a webhook only once confirmed', async () => {
    const hook = webhookFixture(1);
    const { calls } = stubFetch({
      ...noKeys,
      [`GET ${hooksPath}`]: [() => jsonResponse({ webhooks: [hook] }), () => jsonResponse({ webhooks: [] })],
      [`DELETE ${hooksPath}/${hook.id}`]: () => jsonResponse({ message: 'The webhook is deleted.' }),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    fireEvent.click(await screen.findByRole('button', { name: `Delete the webhook ${hook.url}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this webhook?' });
    expect(dialog.textContent).toContain(`No more events are sent to ${hook.url}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
