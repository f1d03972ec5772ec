import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { errorEnvelope } from '@studio/shared/errors';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { jobKeys } from '../api/query-keys.ts';
import { AssignJobs } from './assign-jobs.tsx';
import { DueBoard } from './due-board.tsx';
import { EditJobs } from './edit-jobs.tsx';
import { jobFixture } from '../../../testing/job-fixtures.ts';

function job(n: number, overrides: Partial<Job> = {}): Job {
  return jobFixture({
    id: fixtureId(n, '01JD0J0B00000000000000'),
    jobNumber: `RS-2026-000${n}`,
    serviceId: fixtureId(1, '01JDSERV1CE00000000000'),
    serviceName: `Service ${n}`,
    instructions: `Instructions ${n}`,
    invoiceNumber: `INV-2026-000${n}`,
    ...overrides,
  });
}

const editors = { editors: [{ id: 'e-1', username: 'Eve Editor', email: 'eve@example.com' }] };
const cardNames = () =>
  within(screen.getByRole('list', { name: /jobs/i }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

beforeEach(() => {
  startStaffSession(
    'staff-tok',
    { id: 'm-1', email: 'max@example.com', username: 'Max', role: 'MANAGER' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
});

describe('EditJobs (/edit-job)', () => {
  it('with needs (#40, item 9) lists one count of "Needs action" alone, says which, and links to every job', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100&needs=overdue': () => jsonResponse({ jobs: [job(4), job(5)], nextCursor: null }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs needs="overdue" />
      </ConfirmProvider>,
    );
    await screen.findByRole('heading', { name: 'Service 4' }, { timeout: 3000 });
    expect(cardNames()).toEqual(['Service 4', 'Service 5']);
    expect(screen.getByText(/Due before now and still open, the most overdue first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all jobs' }).getAttribute('href')).toBe('/edit-job');
    // No search beside it: the server lists a count's jobs alone.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(
      calls.filter((call) => call.url.pathname === '/api/jobs').map((call) => `${call.url.pathname}${call.url.search}`),
    ).toEqual(['/api/jobs?limit=100&needs=overdue']);
  });

  it('sends the search to the server, which searches every job, and reads further pages with Load more', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100': () => jsonResponse({ jobs: [job(1), job(2)], nextCursor: 'c2' }),
      'GET /api/jobs?limit=100&cursor=c2': () => jsonResponse({ jobs: [job(3)], nextCursor: null }),
      'GET /api/jobs?limit=100&search=ring': () => jsonResponse({ jobs: [job(7)], nextCursor: null }),
      'GET /api/jobs?limit=100&search=nothing': () => jsonResponse({ jobs: [], nextCursor: null }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 });
    expect(cardNames()).toEqual(['Service 1', 'Service 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more jobs' }));
    await waitFor(() => expect(cardNames()).toEqual(['Service 1', 'Service 2', 'Service 3']));
    expect(screen.queryByRole('button', { name: 'Load more jobs' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Search jobs'), { target: { value: '  ring ' } });
    await waitFor(() => expect(cardNames()).toEqual(['Service 7']), { timeout: 3000 });
    expect(calls.at(-1)?.url.searchParams.get('search')).toBe('ring');
    fireEvent.change(screen.getByLabelText('Search jobs'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No matching jobs found', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('"Find a job" asks the server by job number, client name or e-mail (q), from two characters (#40)', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100': () => jsonResponse({ jobs: [job(1), job(2)], nextCursor: 'c2' }),
      'GET /api/jobs?limit=100&q=RS-2026-0002': () => jsonResponse({ jobs: [job(2)], nextCursor: null }),
      'GET /api/jobs?limit=100&q=nobody%40example.com': () => jsonResponse({ jobs: [], nextCursor: null }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 });
    const find = screen.getByLabelText('Find a job');
    expect(find.getAttribute('aria-describedby')).toBeTruthy();
    // One character finds nothing yet: the list stays as it was, nothing is sent.
    fireEvent.change(find, { target: { value: 'R' } });
    fireEvent.change(find, { target: { value: ' RS-2026-0002 ' } });
    await waitFor(() => expect(cardNames()).toEqual(['Service 2']), { timeout: 3000 });
    expect(calls.some((call) => call.url.searchParams.get('q') === 'R')).toBe(false);
    fireEvent.change(find, { target: { value: 'nobody@example.com' } });
    expect(await screen.findByText('No matching jobs found', {}, { timeout: 3000 })).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('nobody@example.com');
  });

  it('"Unpaid only" asks the server for the unpaid jobs, with the search; cards show payment, amount and invoice', async () => {
    const paid = {
      status: 'PAID' as const,
      method: 'Internet Banking' as const,
      currency: 'USD' as const,
      updatedAt: '2026-01-02T10:00:00.000Z',
      provider: 'manual' as const,
      received: { amountCents: 300, currency: 'USD' },
      paidAt: '2026-01-02T10:00:00.000Z',
      refundedCents: 0,
      reference: 'BANK-1',
    };
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100': () => jsonResponse({ jobs: [job(1, { payment: paid }), job(2)], nextCursor: null }),
      'GET /api/jobs?limit=100&unpaid=true': () => jsonResponse({ jobs: [job(2)], nextCursor: null }),
      'GET /api/jobs?limit=100&unpaid=true&search=ring': () => jsonResponse({ jobs: [], nextCursor: null }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    const first = (await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 })).closest('li')!;
    expect(within(first).getByText('Paid · Internet Banking · $3.00 received')).toBeTruthy();
    expect(within(first).getByText('INV-2026-0001')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Download receipt INV-2026-0001' })).toBeTruthy();
    const second = screen.getByRole('heading', { name: 'Service 2' }).closest('li')!;
    expect(within(second).getByText('Not paid')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Download invoice INV-2026-0002' })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unpaid only' }));
    await waitFor(() => expect(cardNames()).toEqual(['Service 2']), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Search jobs'), { target: { value: 'ring' } });
    expect(await screen.findByText('No matching jobs found', {}, { timeout: 3000 })).toBeTruthy();
    const last = calls.at(-1)!.url.searchParams;
    expect([last.get('unpaid'), last.get('search')]).toEqual(['true', 'ring']);
  });

  it('refuses an empty progress before sending; a saved one refreshes the jobs, not the editors', async () => {
    const saved = job(1, { progress: 40, status: 'IN_PROGRESS', updatedAt: '2026-01-02T10:00:00.000Z' });
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      // Read at first, after the refusal (which may mean the job changed), and after the save.
      'GET /api/jobs': [
        () => jsonResponse({ jobs: [job(1)], nextCursor: null }),
        () => jsonResponse({ jobs: [job(1)], nextCursor: null }),
        () => jsonResponse({ jobs: [saved], nextCursor: null }),
      ],
      [`PUT /api/jobs/${job(1).id}`]: [
        () => jsonResponse(errorEnvelope('CONFLICT', 'The job was changed meanwhile.'), 409),
        () => jsonResponse({ job: saved }),
      ],
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    const progress = await screen.findByLabelText('Progress (%)', {}, { timeout: 3000 });
    fireEvent.change(progress, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Progress is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(progress, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(/^Failed to update job:/)).textContent).toBe(
      'Failed to update job: The job was changed meanwhile.',
    );
    fireEvent.change(screen.getByLabelText('Progress (%)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job updated successfully')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(JSON.parse(puts.at(-1)!.body!)).toEqual({ progress: 40 });
    await waitFor(() => expect(screen.getByText('In progress')).toBeTruthy());
    expect(calls.filter((c) => c.url.pathname === '/api/admin/editors')).toHaveLength(1);
  });
});

describe('Edit Job Details and the job cards (issue 15)', () => {
  it("shows the job number, the client's name and e-mail and the Files link on each card", async () => {
    stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100': () =>
        jsonResponse({
          jobs: [job(1, { linkType: 'generate', dropboxLink: null, uploadId: fixtureId(9), deliverableCount: 2 })],
          nextCursor: null,
        }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    const card = (await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 })).closest('li')!;
    expect(within(card).getByText('RS-2026-0001')).toBeTruthy();
    expect(within(card).getByText(/Ann Client/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'ann@example.test' }).getAttribute('href')).toBe(
      'mailto:ann@example.test',
    );
    const files = within(card).getByRole('link', { name: 'Files of RS-2026-0001' });
    expect(files.getAttribute('href')).toBe(`/job-files/${job(1).id}`);
    expect(files.textContent).toBe('Open the 3 uploaded photos');
    expect(within(card).getByText(/2 finished files/)).toBeTruthy();
  });

  it('edits instructions, the link, the editor (through assign) and progress; a bad link is refused first', async () => {
    const id = job(1).id;
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs': () => jsonResponse({ jobs: [job(1)], nextCursor: null }),
      [`PUT /api/jobs/${id}/assign`]: () => jsonResponse({ job: job(1, { editorId: 'e-1', status: 'IN_PROGRESS' }) }),
      [`PUT /api/jobs/${id}`]: () => jsonResponse({ job: job(1, { editorId: 'e-1', progress: 20 }) }),
    });
    renderWithProviders(
      <ConfirmProvider>
        <EditJobs />
      </ConfirmProvider>,
    );
    const card = (await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 })).closest('li')!;
    await within(card).findByRole('option', { name: 'Eve Editor (eve@example.com)' });
    fireEvent.change(within(card).getByLabelText('Client photos link'), { target: { value: 'not a link' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Enter the full link to your photos, starting with https://')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(card).getByLabelText('Client photos link'), {
      target: { value: ' https://drive.example/new ' },
    });
    fireEvent.change(within(card).getByLabelText('Instructions'), { target: { value: 'Warmer tones, please.' } });
    fireEvent.change(within(card).getByLabelText('Editor'), { target: { value: 'e-1' } });
    fireEvent.change(within(card).getByLabelText('Progress (%)'), { target: { value: '20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job updated successfully')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url.pathname)).toEqual([`/api/jobs/${id}/assign`, `/api/jobs/${id}`]);
    expect(JSON.parse(puts[0]!.body!)).toEqual({ editorId: 'e-1' });
    expect(JSON.parse(puts[1]!.body!)).toEqual({
      progress: 20,
      instructions: 'Warmer tones, please.',
      dropboxLink: 'https://drive.example/new',
    });
  });
});

describe('AssignJobs (/assign-job)', () => {
  it('asks for an editor first, then assigns, says so, and the job leaves the list', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/editors': () => jsonResponse(editors),
      'GET /api/jobs?limit=100&unassigned=true': [
        () => jsonResponse({ jobs: [job(1), job(2)], nextCursor: null }),
        () => jsonResponse({ jobs: [job(2)], nextCursor: null }),
      ],
      [`PUT /api/jobs/${job(1).id}/assign`]: () =>
        jsonResponse({ job: job(1, { editorId: 'e-1', status: 'IN_PROGRESS' }) }),
    });
    renderWithProviders(<AssignJobs />);
    const card = (await screen.findByRole('heading', { name: 'Service 1' }, { timeout: 3000 })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Assign' }));
    expect(await within(card).findByText('Please select an editor first.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(card).getByLabelText('Editor'), { target: { value: 'e-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Job assigned successfully!')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({ editorId: 'e-1' });
    await waitFor(() => expect(cardNames()).toEqual(['Service 2']));
  });

  it("says the spec's text when the jobs or the editors fail, and Try Again reads both again", async () => {
    stubFetch({
      'GET /api/admin/editors': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'Something went wrong'), 500),
        () => jsonResponse(editors),
      ],
      'GET /api/jobs': () => jsonResponse({ jobs: [], nextCursor: null }),
    });
    renderWithProviders(<AssignJobs />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Failed to load jobs or editors.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No unassigned jobs available')).toBeTruthy();
  });
});

describe('DueBoard (/manager)', () => {
  const hour = 3_600_000;
  const dueIn = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

  it('reads the open jobs in due order from the server, and Load more goes on down the board', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/editors': () =>
        jsonResponse({ editors: [{ id: 'editor-7', username: 'Eddie Editor', email: 'eddie@example.com' }] }),
      'GET /api/jobs?limit=100&open=true': () =>
        jsonResponse({
          jobs: [
            job(4, { status: 'REVISION_REQUESTED', dueAt: dueIn(-2), editorId: 'editor-7' }),
            job(3, { status: 'PENDING', dueAt: dueIn(4) }),
          ],
          nextCursor: 'c2',
        }),
      'GET /api/jobs?limit=100&open=true&cursor=c2': () =>
        jsonResponse({
          jobs: [job(1, { status: 'IN_PROGRESS', dueAt: dueIn(30) }), job(5, { status: 'PENDING', dueAt: null })],
          nextCursor: null,
        }),
    });
    renderWithProviders(<DueBoard />);
    await screen.findByRole('heading', { name: 'Service 4' }, { timeout: 3000 });
    expect(cardNames()).toEqual(['Service 4', 'Service 3']);
    expect(screen.getByText(/overdue by 2 h/)).toBeTruthy();
    // Who works on each job (#40, item 12).
    expect(await screen.findByText('Eddie Editor')).toBeTruthy();
    expect(screen.getAllByText('Unassigned').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Load more jobs' }));
    await waitFor(() => expect(cardNames()).toEqual(['Service 4', 'Service 3', 'Service 1', 'Service 5']));
    expect(screen.queryByRole('button', { name: 'Load more jobs' })).toBeNull();
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`).filter((url) => url.startsWith('/api/jobs'))).toEqual([
      '/api/jobs?limit=100&open=true',
      '/api/jobs?limit=100&open=true&cursor=c2',
    ]);
  });

  it('says when no job is open, and leaves out a job delivered while the list was on its way', async () => {
    stubFetch({
      'GET /api/admin/editors': () => jsonResponse({ editors: [] }),
      'GET /api/jobs?limit=100&open=true': () =>
        jsonResponse({ jobs: [job(1, { status: 'DELIVERED', dueAt: dueIn(3) })], nextCursor: null }),
    });
    renderWithProviders(<DueBoard />);
    expect(await screen.findByText('No open jobs.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Service 1' })).toBeNull();
  });
});

describe('jobKeys', () => {
  it('puts every query holding jobs under jobs(), and the editors apart', () => {
    const jobs = jobKeys.jobs();
    for (const key of [jobKeys.list({ unassigned: true, search: '' }), jobKeys.assigned()]) {
      expect(key.slice(0, jobs.length)).toEqual(jobs);
    }
    expect(jobKeys.editors().slice(0, jobs.length)).not.toEqual(jobs);
    expect(jobKeys.list({ unassigned: false, search: 'a' })).not.toEqual(
      jobKeys.list({ unassigned: true, search: 'a' }),
    );
  });
});
