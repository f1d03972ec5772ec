import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Application, ListApplicationsResponse } from '@studio/shared/job-application';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { ApplicationReview } from './application-review.tsx';

const openingA = fixtureId(1, '01JD0PEN1NG00000000000');
const openingB = fixtureId(2, '01JD0PEN1NG00000000000');

function application(n: number, overrides: Partial<Application> = {}): Application {
  const id = fixtureId(n, '01JDAPP11CAT10N0000000');
  return {
    id,
    fullName: `Applicant ${n}`,
    email: `applicant${n}@example.com`,
    contactNo: '+12025550100',
    jobType: 'PartTime',
    overallExperience: '2 years',
    currentCTC: null,
    expectedCTC: '50k',
    noticePeriod: '15 days',
    currentCompany: null,
    currentDesignation: null,
    currentLocation: 'Austin',
    portfolioLink: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    resumePath: `/api/applications/${id}/resume`,
    coverLetterPath: null,
    resumeFileName: 'cv.pdf',
    coverLetterFileName: null,
    jobOpeningId: openingA,
    jobOpening: { id: openingA, title: 'Retoucher', description: 'd', postedDate: null, isActive: true },
    ...overrides,
  };
}

function page(
  data: Application[],
  pagination: Partial<ListApplicationsResponse['pagination']> = {},
): ListApplicationsResponse {
  return {
    success: true,
    data,
    pagination: { page: 1, limit: 10, total: data.length, pages: data.length ? 1 : 0, ...pagination },
    openings: [
      { id: openingA, title: 'Retoucher', isActive: true },
      { id: openingB, title: 'Clipping Path Artist', isActive: false },
    ],
  };
}

beforeEach(() => {
  window.localStorage.setItem('staffToken', 'staff-token');
  window.localStorage.setItem(
    'staffSession',
    JSON.stringify({
      user: { id: 'u1', email: 'admin@studio.test', username: 'Admin', role: 'SUPER_ADMIN' },
      expiresAt: Date.now() + 3_600_000,
    }),
  );
});

describe('ApplicationReview', () => {
  it("shows 'Loading applications...', then cards with 'Not specified', and downloads only for files present", async () => {
    stubFetch({
      'GET /api/applications?page=1&limit=10': () =>
        jsonResponse(page([application(1), application(2, { coverLetterPath: '/x', currentCTC: '30k' })])),
    });
    renderWithProviders(<ApplicationReview />);
    expect(screen.getByText('Loading applications...')).toBeTruthy();
    const first = (await screen.findByRole('heading', { name: 'Applicant 1' })).closest('li')!;
    expect(within(first).getByText('Not specified')).toBeTruthy();
    expect(within(first).getByText('Part Time')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /Download Resume/ })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Download Cover Letter/ })).toBeNull();
    const second = screen.getByRole('heading', { name: 'Applicant 2' }).closest('li')!;
    expect(within(second).getByRole('button', { name: /Download Cover Letter/ })).toBeTruthy();
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('searches the loaded page by name, email or job title without calling the API', async () => {
    const { calls } = stubFetch({
      'GET /api/applications?page=1&limit=10': () =>
        jsonResponse(page([application(1), application(2, { email: 'zed@pixel.test' })])),
    });
    renderWithProviders(<ApplicationReview />);
    await screen.findByRole('heading', { name: 'Applicant 1' });
    const search = screen.getByPlaceholderText('Search by name, email, or job title...');
    fireEvent.change(search, { target: { value: 'PIXEL' } });
    expect(screen.queryByRole('heading', { name: 'Applicant 1' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Applicant 2' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getAllByText('No applications found').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
  });

  it("pages with Previous / Next and 'Page x of y', and filters by opening from page 1", async () => {
    const { calls } = stubFetch({
      'GET /api/applications?page=1&limit=10': () => jsonResponse(page([application(1)], { total: 25, pages: 3 })),
      'GET /api/applications?page=2&limit=10': () =>
        jsonResponse(page([application(11)], { page: 2, total: 25, pages: 3 })),
      [`GET /api/applications?page=1&limit=10&jobId=${openingB}`]: () => jsonResponse(page([])),
    });
    renderWithProviders(<ApplicationReview />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Applicant 11' })).toBeTruthy();
    const filter = screen.getByLabelText('Job opening') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'All openings',
      'Retoucher',
      'Clipping Path Artist (Inactive)',
    ]);
    fireEvent.change(filter, { target: { value: openingB } });
    expect(await screen.findByText('No applications found', { selector: '.query-state' })).toBeTruthy();
    expect(calls.map((c) => c.url.search)).toEqual([
      '?page=1&limit=10',
      '?page=2&limit=10',
      `?page=1&limit=10&jobId=${openingB}`,
    ]);
  });

  it("shows 'Error: {message}' when the list cannot be read", async () => {
    stubFetch({
      'GET /api/applications?page=1&limit=10': () =>
        jsonResponse({ statusCode: 403, error: 'FORBIDDEN', message: 'You do not have access to this.' }, 403),
    });
    renderWithProviders(<ApplicationReview />);
    expect(await screen.findByText('Error: You do not have access to this.')).toBeTruthy();
  });

  it('shows the details in a dialog that Escape closes, and says a failed download inside it', async () => {
    const one = application(1, { coverLetterPath: '/x', portfolioLink: 'https://casey.example.com' });
    stubFetch({
      'GET /api/applications?page=1&limit=10': () => jsonResponse(page([one])),
      [`GET /api/applications/${one.id}`]: () => jsonResponse({ success: true, data: one }),
      [`GET /api/applications/${one.id}/coverletter`]: () =>
        jsonResponse({ statusCode: 404, error: 'NOT_FOUND', message: 'The cover letter is gone.' }, 404),
    });
    renderWithProviders(<ApplicationReview />);
    const view = await screen.findByRole('button', { name: 'View Details of Applicant 1' });
    view.focus();
    fireEvent.click(view);
    const dialog = await screen.findByRole('dialog', { name: 'Applicant 1' });
    expect(within(dialog).getByRole('heading', { name: 'Job Information' })).toBeTruthy();
    expect(within(dialog).getByText('Active', { exact: true })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download Cover Letter of Applicant 1' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The cover letter is gone.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(view);
    fireEvent.click(view);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
