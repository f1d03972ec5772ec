import { errorEnvelope } from '@studio/shared/errors';
import type { Job } from '@studio/shared/job';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { clientPreferences, clientPreferencesStub } from '../../testing/notification-fixtures.ts';
import { noPendingInvitationsStub } from '../../testing/organisation-fixtures.ts';
import { fixtureId, makeService, makeSubService } from '../../testing/service-fixtures.ts';
import { specFixture } from '../../testing/spec-fixtures.ts';
import { appRoutes } from '../router.tsx';
import { jobFixture, pricedAt } from '../../testing/job-fixtures.ts';
import { organisationJobsStubs, personalOrganisation } from '../../testing/organisation-fixtures.ts';

const user = { id: 'user-1', name: 'Chris Client', username: 'chris', email: 'chris@example.com', initials: 'CC' };

function job(n: number, overrides: Partial<Job>): Job {
  return jobFixture({
    id: fixtureId(n, '01JD0J0B00000000000000'),
    clientId: user.id,
    serviceId: fixtureId(1),
    serviceName: `Service ${n}`,
    currency: 'EUR',
    dropboxLink: 'https://dropbox.example/f',
    numberOfPhotos: 2,
    ...pricedAt(150),
    createdAt: `2026-01-0${n}T10:00:00.000Z`,
    updatedAt: `2026-01-0${n}T10:00:00.000Z`,
    ...overrides,
  });
}

// The navbar reads the services; the dashboard also reads the client's e-mail settings.
const paymentDue = 'Payment is due when you order: your turnaround starts once the job is paid.';
const navbarStubs = {
  'GET /api/services': () => jsonResponse({ services: [] }),
  // When payment is due (#40), on the quote and payment pages.
  'GET /api/settings/payment-terms': () => jsonResponse({ releaseFilesBeforePayment: false, statement: paymentDue }),
  ...clientPreferencesStub,
  // The dashboard's notice of pending invitations (#35).
  ...noPendingInvitationsStub,
};

describe('client pages', () => {
  it('sends a signed-out visitor of /dashboard to sign in, and back after signing in', async () => {
    const { calls } = stubFetch({
      ...navbarStubs,
      'POST /api/users/signin': () => jsonResponse({ token: 'tok-1', user }),
      ...organisationJobsStubs(() => jsonResponse({ jobs: [] })),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });

    await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/signin?next=%2Fdashboard'),
    );

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'chris@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { level: 1, name: 'Your Jobs' }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(calls.find((c) => c.url.pathname === '/api/users/signin')?.body ?? '{}')).toEqual({
      email: 'chris@example.com',
      password: 'Secret-123',
    });
    // The navbar now shows the real initials, with an accessible name, and Log out.
    expect((await screen.findByRole('img', { name: 'Signed in as Chris Client' })).textContent).toBe('CC');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    await waitFor(() =>
      expect(
        calls
          .find((c) => c.url.pathname === `/api/organisations/${personalOrganisation.id}/jobs`)
          ?.headers.get('Authorization'),
      ).toBe('Bearer tok-1'),
    );
    // The first test of the file loads the sign-in and dashboard chunks cold, and waits for two
    // pages in a row; on a busy machine that takes more than the default 5 s.
  }, 15_000);

  it('never follows a next parameter off the site', async () => {
    stubFetch({
      ...navbarStubs,
      'POST /api/users/signin': () => jsonResponse({ token: 'tok-1', user }),
      'GET /api/slider-images': () => jsonResponse({ images: [] }),
      'GET /api/testimonials': () => jsonResponse([]),
    });
    const { router } = renderRoutes(appRoutes, { path: '/login?next=//evil.example/x' });
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'chris@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // The home page's lazy chunk loads first: bounded by time, for a loaded machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 30_000 });
  });

  it('shows the spec text for wrong credentials', async () => {
    stubFetch({
      ...navbarStubs,
      'POST /api/users/signin': () =>
        jsonResponse({ statusCode: 401, error: 'UNAUTHORIZED', message: 'Invalid email or password.' }, 401),
    });
    renderRoutes(appRoutes, { path: '/signin' });
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 5000 }), {
      target: { value: 'chris@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password. Please try again.');
  });

  it('groups jobs into Ongoing, Completed and Previous, with Pay Now where unpaid', async () => {
    startSession('tok-1', user);
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() =>
        jsonResponse({
          jobs: [
            job(1, { status: 'IN_PROGRESS', progress: 40, payment: null }),
            job(2, {
              status: 'COMPLETED',
              progress: 100,
              payment: {
                status: 'PAID',
                method: 'PayPal',
                currency: 'EUR',
                updatedAt: '2026-01-03T10:00:00.000Z',
                provider: 'manual',
                received: { amountCents: 100, currency: 'EUR' },
                paidAt: '2026-01-03T10:00:00.000Z',
                refundedCents: 0,
                reference: 'R',
              },
            }),
          ],
        }),
      ),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });

    const ongoing = (await screen.findByRole('heading', { level: 2, name: 'Ongoing' }, { timeout: 5000 })).closest(
      'section',
    )!;
    const card = within(ongoing).getByRole('article', { name: 'Service 1' });
    expect(within(card).getByText('In progress')).toBeTruthy();
    expect(within(card).getByText('40%')).toBeTruthy();
    expect(within(card).getByText('€1.50')).toBeTruthy();
    expect(within(card).getByText('Not paid')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Pay Now/ })
        .getAttribute('href'),
    ).toBe(`/payment/${job(1, {}).id}`);

    const completed = screen.getByRole('heading', { level: 2, name: 'Completed' }).closest('section')!;
    expect(within(completed).getByText('Paid')).toBeTruthy();
    expect(within(completed).queryByRole('link', { name: /Pay Now/ })).toBeNull();

    const previous = screen.getByRole('heading', { level: 2, name: 'Previous' }).closest('section')!;
    expect(within(previous).getByText('No jobs for this user')).toBeTruthy();
  });

  it('gives each open job its deadline: the time left, how late it is, or how long after payment (#17)', async () => {
    startSession('tok-1', user);
    const hour = 3_600_000;
    const inFiveHours = new Date(Date.now() + 5 * hour + 30 * 60_000).toISOString();
    const twoHoursAgo = new Date(Date.now() - 2 * hour - 10 * 60_000).toISOString();
    const express = { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 };
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() =>
        jsonResponse({
          jobs: [
            job(1, { status: 'IN_PROGRESS', progress: 40, dueAt: inFiveHours, turnaround: express }),
            job(2, { status: 'REVISION_REQUESTED', progress: 100, dueAt: twoHoursAgo, round: 2 }),
            job(3, { status: 'PENDING', turnaround: express }),
            job(4, { status: 'DELIVERED', progress: 100, dueAt: twoHoursAgo }),
            job(5, { status: 'PENDING' }),
          ],
        }),
      ),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const card = async (name: string) => screen.findByRole('article', { name }, { timeout: 5000 });
    const deadline = (article: HTMLElement) =>
      within(article).queryByText('Deadline')?.nextElementSibling as HTMLElement | null | undefined;

    const due = deadline(await card('Service 1'))!;
    expect(due.textContent).toMatch(/\(due in 5 h\)$/);
    expect(due.querySelector('time')!.getAttribute('datetime')).toBe(inFiveHours);
    expect(due.dataset.due).toBe('due');
    const late = deadline(await card('Service 2'))!;
    expect(late.textContent).toMatch(/\(overdue by 2 h\)$/);
    expect(late.dataset.due).toBe('overdue');
    expect(deadline(await card('Service 3'))!.textContent).toBe('24 h after payment (Express)');
    // Delivered: the studio owes nothing now; a job without a turnaround has no deadline to tell.
    expect(deadline(await card('Service 4'))).toBeUndefined();
    expect(deadline(await card('Service 5'))).toBeUndefined();
  });

  it("offers a paid job's finished files, and says an unpaid job's wait for payment (#15 with #16)", async () => {
    startSession('tok-1', user);
    const paidPayment = {
      status: 'PAID' as const,
      method: 'Internet Banking' as const,
      currency: 'EUR' as const,
      updatedAt: '2026-01-03T10:00:00.000Z',
      provider: 'manual' as const,
      received: { amountCents: 150, currency: 'EUR' },
      paidAt: '2026-01-03T10:00:00.000Z',
      refundedCents: 0,
      reference: 'R',
    };
    const unpaid = job(1, { status: 'COMPLETED', progress: 100, deliverableCount: 1, jobNumber: 'RS-2026-0001' });
    const paid = job(2, {
      status: 'COMPLETED',
      progress: 100,
      deliverableCount: 1,
      jobNumber: 'RS-2026-0002',
      payment: paidPayment,
    });
    const { calls } = stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ jobs: [unpaid, paid] })),
      [`GET /api/jobs/${unpaid.id}/deliverables`]: () =>
        jsonResponse(
          errorEnvelope(
            'FORBIDDEN',
            'The finished files of this job are released once it is paid. Pay the job to download them.',
          ),
          403,
        ),
      [`GET /api/jobs/${paid.id}/deliverables`]: () =>
        jsonResponse({
          deliverables: [
            {
              id: fixtureId(7, '01JD0J0B00000000000000'),
              fileName: 'retouched.jpg',
              size: 2048,
              contentType: 'image/jpeg',
              thumbnailUrl: null,
              downloadUrl: 'https://files.example/retouched.jpg',
              uploadedAt: '2026-01-04T10:00:00.000Z',
            },
          ],
          total: 1,
          nextCursor: null,
          expiresAt: '2026-01-04T11:00:00.000Z',
          deliveryLink: null,
        }),
      // "Download all" reads the archive's state first: none built yet.
      [`GET /api/jobs/${paid.id}/archives/deliverables`]: () =>
        jsonResponse({
          archive: {
            status: 'NONE',
            set: 'deliverables',
            fileCount: 1,
            bytes: null,
            fileName: 'RS-2026-0002-finished-files.zip',
            downloadUrl: null,
            expiresAt: null,
            error: null,
            requestedAt: null,
          },
        }),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });

    const held = await screen.findByRole('region', { name: 'Finished files of RS-2026-0001' }, { timeout: 5000 });
    expect((await within(held).findByText(/released once it is paid/)).textContent).toBe(
      'The finished files of this job are released once it is paid. Pay the job to download them.',
    );
    // Not a failure to retry: no alert, no Try Again.
    expect(within(held).queryByRole('alert')).toBeNull();
    expect(within(held).queryByRole('button', { name: 'Try Again' })).toBeNull();

    const released = screen.getByRole('region', { name: 'Finished files of RS-2026-0002' });
    expect((await within(released).findByRole('link', { name: 'Download retouched.jpg' })).getAttribute('href')).toBe(
      'https://files.example/retouched.jpg',
    );
    expect(within(released).getByRole('button', { name: 'Download all finished files' })).toBeTruthy();
    // The held-back answer is not asked again (a 403 is no failure to retry).
    expect(calls.filter((c) => c.url.pathname === `/api/jobs/${unpaid.id}/deliverables`)).toHaveLength(1);
  });

  it('shows the spec text when jobs cannot be loaded', async () => {
    startSession('tok-1', user);
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() =>
        jsonResponse({ statusCode: 500, error: 'INTERNAL', message: 'Something went wrong' }, 500),
      ),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch jobs: Something went wrong')).toBeTruthy();
    // The organisation's list (#35) offers to try again.
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('sends the visitor to sign in again, and back, when the token is rejected', async () => {
    startSession('expired', user);
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ message: 'Unauthorized' }, 401)),
      // The dashboard's other read meets the same expired token.
      'GET /api/notification-preferences': () => jsonResponse({ message: 'Unauthorized' }, 401),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    expect(
      await screen.findByText('Authentication failed. Please sign in again.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?next=%2Fdashboard');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('logs out after a confirmation and goes home', async () => {
    startSession('tok-1', user);
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ jobs: [] })),
      'GET /api/slider-images': () => jsonResponse({ images: [] }),
      'GET /api/testimonials': () => jsonResponse([]),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, log out' }));
    // Ended by the click itself, not by whichever page renders next.
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    // The protected page does not bounce the visitor to the sign-in page on its way out.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findAllByRole('link', { name: 'Log in' })).length).toBeGreaterThan(0);
  });
  it('records the payment choice on the job, after the terms are accepted, and shows how to pay by transfer', async () => {
    startSession('tok-1', user);
    const unpaid = job(1, { status: 'PENDING', totalCents: 81, totalPrice: 0.81 });
    const { calls } = stubFetch({
      ...navbarStubs,
      [`GET /api/jobs/${unpaid.id}`]: () => jsonResponse({ job: unpaid }),
      [`PUT /api/jobs/${unpaid.id}/payment`]: () =>
        jsonResponse({
          job: {
            ...unpaid,
            payment: {
              status: 'PENDING',
              method: 'PhonePe',
              currency: 'EUR',
              updatedAt: '2026-01-02T10:00:00.000Z',
              provider: null,
              received: null,
              paidAt: null,
              refundedCents: 0,
              reference: null,
            },
          },
        }),
      [`GET /api/jobs/${unpaid.id}/payment/bank-transfer`]: () =>
        jsonResponse({
          payee: 'Retouch Studio Ltd',
          bankDetails: 'IBAN GB29 NWBK 6016 1331 9268 19',
          reference: 'INV-2026-0001',
          amountCents: 81,
          currency: 'EUR',
        }),
    });
    renderRoutes(appRoutes, { path: `/payment/${unpaid.id}` });

    await screen.findByRole('heading', { level: 2, name: 'Your order: Service 1' }, { timeout: 5000 });
    expect(screen.getByText('€0.81')).toBeTruthy();
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(currency.value).toBe('EUR');
    // The spec's list stays on the page; the job is paid in the currency it is priced in.
    expect([...currency.options].map((option) => [option.value, option.disabled])).toEqual([
      ['IND', true],
      ['USD', true],
      ['EUR', false],
      ['CAD', true],
      ['GBP', true],
      ['Other', true],
    ]);
    expect(screen.getByText('This job is priced in EUR, so it is paid in EUR.')).toBeTruthy();
    // The terms say when payment is due, as the studio's settings do (#40).
    expect((await screen.findByTestId('payment-due')).textContent).toBe(paymentDue);
    expect(screen.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/free-trial');

    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'PhonePe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment method' }));
    expect(screen.getByText('Accept the terms to continue.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment method' }));
    expect(await screen.findByText(/PhonePe in EUR is recorded: pay by transfer/)).toBeTruthy();
    // A transfer: the studio's bank details and the job's reference to quote.
    expect(await screen.findByText('IBAN GB29 NWBK 6016 1331 9268 19')).toBeTruthy();
    expect(screen.getByText('INV-2026-0001', { selector: '.bank-transfer__reference' })).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}')).toEqual({
      method: 'PhonePe',
      currency: 'EUR',
      acceptTerms: true,
    });
  });

  it('sends a signed-out visitor of a quote to sign in first', async () => {
    stubFetch(navbarStubs);
    const { router } = renderRoutes(appRoutes, { path: `/service-quote/${fixtureId(1)}` });
    await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/service-quote/${fixtureId(1)}`);
  });

  it('shows the quote form only with what heads it, the statement of when payment is due and the specs, so that it does not move', async () => {
    startSession('tok-1', user);
    const service = makeService(1, { subServices: [makeSubService(1)] });
    const held = () => {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      return { answer: () => answer(), answered };
    };
    const terms = held();
    const specs = held();
    stubFetch({
      ...navbarStubs,
      'GET /api/settings/payment-terms': async () => {
        await terms.answered;
        return jsonResponse({ releaseFilesBeforePayment: false, statement: paymentDue });
      },
      [`GET /api/services/${service.id}`]: () => jsonResponse({ service }),
      'GET /api/organisations': () => jsonResponse({ organisations: [personalOrganisation] }),
      [`GET /api/organisations/${personalOrganisation.id}/specs`]: async () => {
        await specs.answered;
        return jsonResponse({ specs: [specFixture(1, { name: 'Catalogue white', serviceId: null })] });
      },
    });
    renderRoutes(appRoutes, { path: `/service-quote/${service.id}` });
    await screen.findByRole('heading', { level: 1, name: 'Get a quote: Service 1' }, { timeout: 5000 });
    // The page's own loading line: the footer's contact form, loaded after the page, has a live
    // region of its own.
    const loading = () => expect(within(screen.getByRole('main')).getByRole('status').textContent).toMatch(/Loading/);
    loading();
    terms.answer();
    // A moment for the statement to arrive: the form still waits for the specs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    loading();
    expect(screen.queryByRole('checkbox', { name: /Sub 1/ })).toBeNull();
    specs.answer();
    const checkbox = await screen.findByRole('checkbox', { name: /Sub 1/ }, { timeout: 5000 });
    const statement = screen.getByTestId('payment-due');
    expect(statement.textContent).toBe(paymentDue);
    const specChoice = screen.getByLabelText(/Use a spec/);
    for (const above of [statement, specChoice]) {
      expect(above.compareDocumentPosition(checkbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('saves the e-mail settings from the dashboard: the switches sent, essential e-mails listed only', async () => {
    startSession('tok-1', user);
    const saved = {
      preferences: clientPreferences.preferences.map((row) =>
        row.key === 'jobDelivered' ? { ...row, enabled: false } : row,
      ),
    };
    const { calls } = stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ jobs: [] })),
      'PUT /api/notification-preferences': () => jsonResponse(saved),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const ready = await screen.findByRole('checkbox', { name: 'Your photos are ready' }, { timeout: 5000 });
    await waitFor(() => expect(ready.matches(':disabled')).toBe(false));
    expect(screen.queryByRole('checkbox', { name: 'Your job was received' })).toBeNull();
    expect(screen.getByText('Your job was received')).toBeTruthy();
    fireEvent.click(ready);
    fireEvent.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    await screen.findByText('Your e-mail settings are saved.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put!.body!)).toEqual({
      preferences: { jobDelivered: false, revisionCompleted: true, dueMoved: true },
    });
    expect(put!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect((screen.getByRole('checkbox', { name: 'Your photos are ready' }) as HTMLInputElement).checked).toBe(false);
  });
  it("holds the e-mail settings' place while they load: the role's rows disabled, then the client's own", async () => {
    startSession('tok-1', user);
    let answer: (response: Response) => void = () => {};
    const off = {
      preferences: clientPreferences.preferences.map((row) =>
        row.key === 'jobDelivered' ? { ...row, enabled: false } : row,
      ),
    };
    stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ jobs: [] })),
      'GET /api/notification-preferences': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const ready = await screen.findByRole('checkbox', { name: 'Your photos are ready' }, { timeout: 5000 });
    const save = screen.getByRole('button', { name: 'Save e-mail settings' }) as HTMLButtonElement;
    // The rows a client receives, from the catalogue, cannot be changed or saved before they load.
    expect(ready.matches(':disabled')).toBe(true);
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Loading your e-mail settings...')).toBeTruthy();
    expect(screen.getByText('Your job was received')).toBeTruthy();

    answer(jsonResponse(off));
    await waitFor(() => expect(ready.matches(':disabled')).toBe(false));
    expect((ready as HTMLInputElement).checked).toBe(false);
    expect(save.disabled).toBe(false);
    expect(screen.queryByText('Loading your e-mail settings...')).toBeNull();
  });
  it('a delivered job offers Approve and Request changes; a request needs notes and sends them (#17)', async () => {
    startSession('tok-1', user);
    let delivered = job(1, { status: 'DELIVERED', progress: 100, editorDropboxLink: 'https://d.example/x', round: 1 });
    const { calls } = stubFetch({
      ...navbarStubs,
      ...organisationJobsStubs(() => jsonResponse({ jobs: [delivered] })),
      [`POST /api/jobs/${delivered.id}/revision-requests`]: () => {
        delivered = { ...delivered, status: 'REVISION_REQUESTED', round: 2, progress: 0 };
        return jsonResponse(
          {
            job: delivered,
            revision: {
              round: 2,
              notes: 'Warmer.',
              requestedAt: '2026-01-05T10:00:00.000Z',
              billable: false,
              imageCount: 0,
              sentBackCount: 0,
              approvedCount: 0,
            },
          },
          201,
        );
      },
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const ongoing = (await screen.findByRole('heading', { level: 2, name: 'Ongoing' }, { timeout: 5000 })).closest(
      'section',
    )!;
    const card = await within(ongoing).findByRole('article', { name: 'Service 1' });
    expect(within(card).getByText('Delivered')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Download your edited photos' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Approve RS-2026-0001' })).toBeTruthy();

    // Request changes: the notes are required before anything is sent.
    fireEvent.click(within(card).getByRole('button', { name: 'Request changes to RS-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await within(dialog).findByText('Say what should change.');
    expect(calls.some((c) => c.url.pathname.endsWith('/revision-requests'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('What should change? *'), { target: { value: 'Warmer.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await screen.findByText('Your request was sent to the studio.');
    expect(JSON.parse(calls.find((c) => c.url.pathname.endsWith('/revision-requests'))!.body!)).toEqual({
      notes: 'Warmer.',
    });
    await within(card).findByText('Changes requested (revision 1)');
    expect(within(card).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });
});
