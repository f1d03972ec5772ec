import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import type { JobOpening } from '@studio/shared/job-opening';
import { jobOpeningsKey } from '../../../lib/public-query-keys.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { fieldByLabel, fieldDescription } from '../../../testing/field-text.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { JobOpeningsManager } from './job-openings.tsx';

const opening: JobOpening = {
  id: fixtureId(1, '01JD00PEN1NG0000000000'),
  title: 'Senior Photo Retoucher',
  description: 'Lead high-end beauty retouching.',
  imageUrl: null,
  isActive: true,
  postedDate: '2026-11-23T09:00:00.000Z',
};

describe('JobOpeningsManager (staff-openings)', () => {
  it("says 'No job openings available' when there are none", async () => {
    stubFetch({ 'GET /api/job-openings/all': () => jsonResponse({ openings: [] }) });
    renderStaffScreen(<JobOpeningsManager />);
    expect(await screen.findByText('No job openings available', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('shows the columns, and checks the form with the route schema before creating', async () => {
    const created = { ...opening, id: fixtureId(2, '01JD00PEN1NG0000000000'), title: 'Clipping Path Artist' };
    const { calls } = stubFetch({
      'GET /api/job-openings/all': [
        () => jsonResponse({ openings: [opening] }),
        () => jsonResponse({ openings: [created, opening] }),
      ],
      'POST /api/job-openings': () => jsonResponse({ opening: created, message: 'Job opening created.' }, 201),
    });
    const { queryClient } = renderStaffScreen(<JobOpeningsManager />);
    queryClient.setQueryData(jobOpeningsKey, [opening]);
    const table = await screen.findByRole('table', { name: 'Job openings' }, { timeout: 3000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Description', 'Status', 'Posted', 'Actions']);
    expect(within(table).getByText('Active')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New job opening' }));
    fireEvent.change(fieldByLabel('Image URL (optional)'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create job opening' }));
    await waitFor(() => expect(fieldDescription('Title *')).toBe('Title is required'));
    expect(fieldDescription('Image URL (optional)')).toContain('Image URL must be a URL (http or https)');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(fieldByLabel('Title *'), { target: { value: 'Clipping Path Artist' } });
    fireEvent.change(fieldByLabel('Description *'), { target: { value: 'Paths by hand.' } });
    fireEvent.change(fieldByLabel('Image URL (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create job opening' }));
    expect(await screen.findByText('Job opening created.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      title: 'Clipping Path Artist',
      description: 'Paths by hand.',
      imageUrl: null,
      isActive: true,
    });
    expect(queryClient.getQueryState(jobOpeningsKey)?.isInvalidated).toBe(true);
  });

  it("says the spec's failure texts: the server's reason when it gave one, else 'Please try again'", async () => {
    const { calls } = stubFetch({
      'GET /api/job-openings/all': () => jsonResponse({ openings: [opening] }),
      [`PUT /api/job-openings/${opening.id}`]: [
        () => jsonResponse(errorEnvelope('NOT_FOUND', 'There is no job opening with this id.'), 404),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ],
    });
    renderStaffScreen(<JobOpeningsManager />);
    const table = await screen.findByRole('table', { name: 'Job openings' }, { timeout: 3000 });
    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: `Edit ${opening.title}` });
    fireEvent.click(within(dialog).getByLabelText('Active (shown on the careers page)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to save job opening: There is no job opening with this id.',
    );
    // Unticking Active closes the opening.
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({ isActive: false });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to save job opening. Please try again.'),
    );
  });

  it("deletes only after the spec's question", async () => {
    const { calls } = stubFetch({
      'GET /api/job-openings/all': [() => jsonResponse({ openings: [opening] }), () => jsonResponse({ openings: [] })],
      [`DELETE /api/job-openings/${opening.id}`]: () =>
        jsonResponse({ id: opening.id, message: 'Job opening deleted.' }),
    });
    renderStaffScreen(<JobOpeningsManager />);
    const table = await screen.findByRole('table', { name: 'Job openings' }, { timeout: 3000 });
    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete this job opening?' });
    expect(ask.textContent).toContain('Are you sure you want to delete this job opening?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('No job openings available')).toBeTruthy();
    expect(screen.getByText('Job opening deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
