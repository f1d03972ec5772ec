import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StyleSpec } from '@studio/shared/style-spec';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { specFixture } from '../../../testing/spec-fixtures.ts';
import { JobSpecPanel } from './job-spec-panel.tsx';

const jobId = '01JD0J0B000000000000000001';
const spec = specFixture(1, {
  id: '01JD0SPEC00000000000000001',
  version: 2,
  latestVersion: 3,
  name: 'Marketplace white',
  background: 'white',
  aspectRatio: '1:1',
});

/** What the page gives the panel to read a spec with: here, its aspect ratio only. */
const details = (shown: StyleSpec) => <p>Aspect ratio {shown.aspectRatio}</p>;

describe('JobSpecPanel', () => {
  beforeEach(() => {
    startStaffSession(
      'staff-tok',
      { id: 'a-1', email: 'editor@example.com', username: 'Editor', role: 'EDITOR' },
      new Date(Date.now() + 3_600_000).toISOString(),
    );
  });

  it('names the spec and the version the job was ordered with, then its details', async () => {
    const { calls } = stubFetch({ [`GET /api/jobs/${jobId}/spec`]: () => jsonResponse({ spec }) });
    renderWithProviders(<JobSpecPanel caller="staff" jobId={jobId} details={details} />);
    expect(await screen.findByRole('heading', { name: 'Spec: Marketplace white · version 2' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Style spec' }).textContent).toContain('Aspect ratio 1:1');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer staff-tok');
  });

  it('says when the spec was deleted since', async () => {
    stubFetch({ [`GET /api/jobs/${jobId}/spec`]: () => jsonResponse({ spec: { ...spec, deleted: true } }) });
    renderWithProviders(<JobSpecPanel caller="staff" jobId={jobId} details={details} />);
    expect(await screen.findByText(/deleted since; the job keeps this version/)).toBeTruthy();
  });

  it('shows nothing for a job ordered without a spec (the route’s 404)', async () => {
    stubFetch({
      [`GET /api/jobs/${jobId}/spec`]: () =>
        jsonResponse({ statusCode: 404, error: 'NOT_FOUND', message: 'This job was ordered without a spec.' }, 404),
    });
    renderWithProviders(<JobSpecPanel caller="staff" jobId={jobId} details={details} />);
    expect(screen.getByText('Loading the spec...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading the spec...')).toBeNull());
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the spec could not be read, with a retry', async () => {
    stubFetch({
      [`GET /api/jobs/${jobId}/spec`]: () =>
        jsonResponse({ statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: 'Busy.' }, 503),
    });
    renderWithProviders(<JobSpecPanel caller="staff" jobId={jobId} details={details} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the spec.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
