import { errorEnvelope } from '@studio/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyFixture } from '../../../testing/api-access-fixtures.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { organisationFixture } from '../../../testing/organisation-fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ApiAccess } from './api-access.tsx';

const organisation = organisationFixture(2, { name: 'Acme Brands', role: 'OWNER' });
const keysPath = `/api/organisations/${organisation.id}/api-keys`;
const noWebhooks = { [`GET /api/organisations/${organisation.id}/webhooks`]: () => jsonResponse({ webhooks: [] }) };
const secret = `rsk_live_${'k'.repeat(43)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API keys of an organisation', () => {
  it('makes a key, shows it once with Copy, then only its prefix', async () => {
    const made = apiKeyFixture(3, {
      name: 'Shop sync',
      prefix: 'rsk_live_kkkkkk',
      scopes: ['jobs:read', 'jobs:write'],
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = stubFetch({
      ...noWebhooks,
      [`GET ${keysPath}`]: [() => jsonResponse({ apiKeys: [] }), () => jsonResponse({ apiKeys: [made] })],
      [`POST ${keysPath}`]: () => jsonResponse({ apiKey: made, key: secret }, 201),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const form = screen.getByRole('form', { name: 'New API key' });
    // The keyboard starts in the form.
    expect(document.activeElement).toBe(within(form).getByLabelText('Name *'));
    // Nothing filled in: both fields say why, and nothing is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Make the key' }));
    expect(await within(form).findByText('Name the key after the system that will use it.')).toBeTruthy();
    expect(within(form).getByText('Choose at least one scope.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Shop sync' } });
    // Each scope is offered with its label.
    fireEvent.click(within(form).getByRole('checkbox', { name: /^jobs:read Read the organisation’s jobs/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /^jobs:write Order jobs/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Make the key' }));

    const field = (await screen.findByLabelText('Your new API key “Shop sync”')) as HTMLInputElement;
    expect(field.value).toBe(secret);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('Copy this key now and keep it somewhere safe: it will not be shown again.')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toEqual({
      name: 'Shop sync',
      scopes: ['jobs:read', 'jobs:write'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith(secret);

    // The list, read again, shows the key's prefix; once put away, the key is nowhere on the page.
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('rsk_live_kkkkkk…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done, I have copied it' }));
    expect(document.body.innerHTML).not.toContain(secret);
    // ...and the keyboard is back on the button that began it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New key' }));
  });

  it('shows the server’s refusal above the form, and its field issues on the fields', async () => {
    stubFetch({
      ...noWebhooks,
      [`GET ${keysPath}`]: () => jsonResponse({ apiKeys: [] }),
      [`POST ${keysPath}`]: [
        () => jsonResponse(errorEnvelope('CONFLICT', 'This organisation has 20 live keys: revoke one first.'), 409),
        () =>
          jsonResponse(
            errorEnvelope('VALIDATION_FAILED', 'Invalid request', {
              issues: [{ path: 'body.name', message: 'The name must be at most 80 characters.' }],
            }),
            400,
          ),
      ],
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New key' }));
    const form = screen.getByRole('form', { name: 'New API key' });
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'PIM' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^jobs:read/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Make the key' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'This organisation has 20 live keys: revoke one first.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Make the key' }));
    await waitFor(() => expect(within(form).getByLabelText('Name *').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('The name must be at most 80 characters.')).toBeTruthy();
  });

  it('revokes a key only once confirmed, saying it stops working within a minute', async () => {
    const key = apiKeyFixture(1, { name: 'PIM', prefix: 'rsk_live_Pq12Rs' });
    const { calls } = stubFetch({
      ...noWebhooks,
      [`GET ${keysPath}`]: [() => jsonResponse({ apiKeys: [key] }), () => jsonResponse({ apiKeys: [] })],
      [`DELETE ${keysPath}/${key.id}`]: () => jsonResponse({ message: 'The key is revoked.' }),
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key PIM' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Revoke the key “PIM”?' });
    expect(dialog.textContent).toContain('is refused within a minute');
    expect(dialog.textContent).toContain('rsk_live_Pq12Rs…');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key PIM' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `${keysPath}/${key.id}`,
    ]);
  });

  it('says so when the keys cannot be read, and reads them again on Try Again', async () => {
    stubFetch({
      ...noWebhooks,
      [`GET ${keysPath}`]: [
        () => jsonResponse(errorEnvelope('INTERNAL', 'Something failed.'), 500),
        () => jsonResponse({ apiKeys: [apiKeyFixture(1, { name: 'PIM' })] }),
      ],
    });
    renderWithProviders(<ApiAccess organisation={organisation} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The API keys could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('rowheader', { name: 'PIM' })).toBeTruthy();
  });
});
