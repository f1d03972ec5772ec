import type { ArchiveVolume, JobArchive } from '@studio/shared/job-files';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ArchiveButton, archiveBuilding } from './archive-button.tsx';

const jobId = '01JD0J0B000000000000000001';
const path = `/api/jobs/${jobId}/archives/photos`;

function volume(number: number, status: ArchiveVolume['status'], extra: Partial<ArchiveVolume> = {}): ArchiveVolume {
  return {
    number,
    status,
    fileCount: 800,
    bytes: 1_900_000_000,
    fileName: `RS-2026-0001-photos-part${number}.zip`,
    downloadUrl: status === 'READY' ? `https://files.example/part${number}.zip` : null,
    expiresAt: null,
    error: status === 'FAILED' ? 'The worker building this part stopped before it was done.' : null,
    ...extra,
  };
}

function archive(status: JobArchive['status'], volumes: ArchiveVolume[]): { archive: JobArchive } {
  return {
    archive: {
      status,
      set: 'photos',
      fileCount: volumes.reduce((sum, v) => sum + v.fileCount, 0),
      bytes: null,
      fileName: 'RS-2026-0001-photos.zip',
      downloadUrl: null,
      expiresAt: null,
      error: null,
      requestedAt: '2026-11-27T10:00:00.000Z',
      volumes,
    },
  };
}

function renderButton() {
  startSession('tok-1', { id: 'u-1', name: 'Client', username: 'client', email: 'c@example.com', initials: 'C' });
  renderWithProviders(<ArchiveButton caller="client" jobId={jobId} set="photos" label="Download all photos" />);
}

describe('ArchiveButton', () => {
  it('lists the volumes with their state, offers the ready ones, and builds a failed one again on request', async () => {
    const { calls } = stubFetch({
      [`GET ${path}`]: () =>
        jsonResponse(archive('FAILED', [volume(1, 'READY'), volume(2, 'FAILED'), volume(3, 'BUILDING')])),
      [`POST ${path}`]: () =>
        jsonResponse(archive('BUILDING', [volume(1, 'READY'), volume(2, 'PLANNED'), volume(3, 'READY')])),
    });
    renderButton();
    const parts = await screen.findByRole('list', { name: 'Download all photos: parts' });
    const rows = within(parts).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Part 1 of 3: 800 files, 1.8 GB Download RS-2026-0001-photos-part1.zip',
      'Part 2 of 3: 800 files, 1.8 GB Failed The worker building this part stopped before it was done.',
      'Part 3 of 3: 800 files, 1.8 GB Zipping...',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('https://files.example/part1.zip');
    expect(screen.getByRole('status').textContent).toBe(
      '2400 files in 3 zips of at most 2 GB: 1 of 3 ready; this page updates as each one is ready.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Build the failed part again' }));
    await waitFor(() =>
      expect(within(parts).getAllByRole('listitem')[1]!.textContent).toContain('Waiting to be zipped'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Build the failed/ })).toBeNull();
    expect(within(parts).getAllByRole('link')).toHaveLength(2);
  });

  it('offers one zip as before when the set fits one volume', async () => {
    stubFetch({
      [`GET ${path}`]: () => jsonResponse(archive('NONE', [])),
      [`POST ${path}`]: () => {
        const ready = archive('READY', [volume(1, 'READY', { fileName: 'RS-2026-0001-photos.zip' })]);
        return jsonResponse({
          archive: { ...ready.archive, downloadUrl: 'https://files.example/all.zip', bytes: 1024 },
        });
      },
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Download all photos' }));
    const link = await screen.findByRole('link', { name: 'Download RS-2026-0001-photos.zip' });
    expect(link.getAttribute('href')).toBe('https://files.example/all.zip');
  });

  it('keeps polling while any volume is still waiting or zipping, even when another failed', () => {
    expect(archiveBuilding(archive('FAILED', [volume(1, 'FAILED'), volume(2, 'BUILDING')]).archive)).toBe(true);
    expect(archiveBuilding(archive('FAILED', [volume(1, 'FAILED'), volume(2, 'PLANNED')]).archive)).toBe(true);
    expect(archiveBuilding(archive('FAILED', [volume(1, 'FAILED'), volume(2, 'READY')]).archive)).toBe(false);
    expect(archiveBuilding(archive('BUILDING', []).archive)).toBe(true);
    expect(archiveBuilding(archive('READY', [volume(1, 'READY')]).archive)).toBe(false);
  });
});
