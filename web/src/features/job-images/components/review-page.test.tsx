import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GetJobImageResponse, JobImage, ListJobImagesResponse } from '@studio/shared/image-api';
import type { ImageStatus } from '@studio/shared/images';
import { startSession } from '../../../lib/session.ts';
import { startStaffSession } from '../../../lib/staff-session.ts';
import { jobFixture } from '../../../testing/job-fixtures.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ReviewPage } from './review-page.tsx';

const jobId = '01JD0J0B000000000000000001';
const at = '2026-11-28T09:00:00.000Z';
const job = jobFixture({ id: jobId, status: 'DELIVERED', uploadId: '01JD0VP10AD000000000000001', round: 1 });

function file(name: string) {
  return {
    fileName: name,
    size: 1000,
    contentType: 'image/jpeg',
    width: 1200,
    height: 800,
    preview: 'READY' as const,
    previewUrl: `http://bucket.test/thumb/${name}`,
    screenUrl: `http://bucket.test/screen/${name}`,
    downloadUrl: `http://bucket.test/file/${name}`,
  };
}

function imageOf(n: number, status: ImageStatus, review: JobImage['review'] = null): JobImage {
  const id = `01JD0MGE0000000000000000${String(n).padStart(2, '0')}`;
  return {
    id,
    fileName: `photo-${n}.jpg`,
    status,
    statusAt: at,
    original: file(`photo-${n}.jpg`),
    current: {
      ...file(`photo-${n} retouched.jpg`),
      id: `01JD0VER0000000000000000${String(n).padStart(2, '0')}`,
      number: 1,
      round: 1,
      kind: 'main',
      of: null,
      deliveredAt: at,
      released: true,
      qc: null,
    },
    versionCount: 1,
    qcNote: null,
    review,
    sentBackCount: 0,
    uploadedAt: at,
    updatedAt: at,
  };
}

function listOf(images: JobImage[]): ListJobImagesResponse {
  const counts = { RECEIVED: 0, IN_EDIT: 0, IN_QC: 0, DELIVERED: 0, APPROVED: 0, REJECTED: 0 };
  for (const image of images) counts[image.status] += 1;
  return {
    images,
    nextCursor: null,
    total: images.length,
    counts,
    released: true,
    firstTimeApproval: { delivered: images.length, firstTimeApproved: counts.APPROVED, sentBack: 0, rate: 0.5 },
    expiresAt: at,
  };
}

const detailOf = (image: JobImage): GetJobImageResponse => ({
  image,
  versions: image.current ? [image.current] : [],
  reviews: [],
  released: true,
  expiresAt: at,
});

const reviewAnswer = (image: JobImage) =>
  jsonResponse({ image, review: null, counts: listOf([image]).counts, jobStatus: 'DELIVERED' });

const images = [imageOf(1, 'DELIVERED'), imageOf(2, 'DELIVERED'), imageOf(3, 'APPROVED')];

describe('the review page', () => {
  beforeEach(() => {
    startSession('tok-1', { id: 'u-1', name: 'Client', username: 'client', email: 'c@example.com', initials: 'C' });
    startStaffSession(
      'staff-tok',
      { id: 'a-1', email: 'editor@example.com', username: 'Editor', role: 'EDITOR' },
      new Date(Date.now() + 3_600_000).toISOString(),
    );
  });

  it('moves between cards with the arrows and approves the focused image with A', async () => {
    const { calls } = stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf(images)),
      [`PUT /api/jobs/${jobId}/images/${images[1]!.id}/review`]: () => reviewAnswer(images[1]!),
    });
    renderWithProviders(<ReviewPage caller="client" job={job} readOnly={false} />);

    const grid = await screen.findByRole('grid', { name: 'Images to review' });
    const cells = within(grid)
      .getAllByRole('gridcell')
      .filter((cell) => cell.classList.contains('review-card__cell'));
    expect(cells.map((cell) => cell.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByText('2 to review')).toBeTruthy();
    expect(screen.getByText('First-time approval 50 % (1 of 3 delivered images approved without a redo)')).toBeTruthy();

    cells[0]!.focus();
    fireEvent.keyDown(cells[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[1]);
    expect(cells.map((cell) => cell.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(cells[1]!, { key: 'a' });

    expect(await screen.findByText('photo-2.jpg approved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ decision: 'APPROVE' });
  });

  it('filters by the URL, with each filter counted', async () => {
    const { calls } = stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf(images)),
    });
    renderWithProviders(<ReviewPage caller="client" job={job} readOnly={false} />, { path: '/review?show=approved' });
    const filters = await screen.findByRole('group', { name: 'Show images' });
    await waitFor(() =>
      expect(
        within(filters)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['All 3', 'To review 2', 'Approved 1', 'Rejected 0']),
    );
    expect(
      within(filters)
        .getByRole('button', { name: /Approved/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(calls[0]!.url.searchParams.get('status')).toBe('APPROVED');
  });

  it('R opens the viewer with the pin tool; a pin needs its comment before a rejection is sent', async () => {
    const target = images[0]!;
    const { calls } = stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf(images)),
      [`GET /api/jobs/${jobId}/images/${target.id}`]: () => jsonResponse(detailOf(target)),
      [`PUT /api/jobs/${jobId}/images/${target.id}/review`]: () => reviewAnswer(target),
    });
    renderWithProviders(<ReviewPage caller="client" job={job} readOnly={false} />);
    const grid = await screen.findByRole('grid', { name: 'Images to review' });
    const first = within(grid).getAllByRole('gridcell')[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'r' });

    const viewer = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    const pin = await within(viewer).findByRole('radio', { name: /Pin/ });
    expect((pin as HTMLInputElement).checked).toBe(true);

    // The picture drawn 400 x 300 at (100, 50): a click at (200, 125) is a quarter across, a quarter down.
    const drawing = within(viewer).getByRole('img', { name: '0 marks on photo-1.jpg' });
    drawing.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 300 });
    fireEvent.pointerDown(drawing, { clientX: 200, clientY: 125, pointerId: 1, button: 0, pointerType: 'mouse' });
    const marks = await within(viewer).findByRole('list', { name: 'Your marks' });
    const comment = within(marks).getByLabelText('1. Pin: what should change here? *');
    await waitFor(() => expect(document.activeElement).toBe(comment));

    fireEvent.click(within(viewer).getByRole('button', { name: 'Reject' }));
    expect(within(marks).getByText('Say what to change here.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(comment, { target: { value: 'A stray hair here.' } });
    fireEvent.click(within(viewer).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toEqual({
      decision: 'REJECT',
      annotations: [{ kind: 'pin', points: [[0.25, 0.25]], comment: 'A stray hair here.' }],
    });
    expect(await screen.findAllByText(/photo-1.jpg rejected with 1 mark/)).not.toHaveLength(0);
  });

  it('shows the server’s 400 next to the field it names', async () => {
    const target = images[0]!;
    stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf(images)),
      [`GET /api/jobs/${jobId}/images/${target.id}`]: () => jsonResponse(detailOf(target)),
      [`PUT /api/jobs/${jobId}/images/${target.id}/review`]: () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The request is not valid.',
            details: { issues: [{ path: 'body.annotations.0.comment', message: 'Too rude for the studio.' }] },
          },
          400,
        ),
    });
    renderWithProviders(<ReviewPage caller="client" job={job} readOnly={false} />, { path: `/?image=${target.id}` });
    const viewer = await screen.findByRole('dialog', { name: 'photo-1.jpg' });
    fireEvent.click(await within(viewer).findByRole('radio', { name: /Rectangle/ }));
    const drawing = within(viewer).getByRole('img', { name: '0 marks on photo-1.jpg' });
    drawing.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 100 });
    fireEvent.pointerDown(drawing, { clientX: 20, clientY: 10, pointerId: 2, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(drawing, { clientX: 120, clientY: 60, pointerId: 2, pointerType: 'mouse' });
    fireEvent.pointerUp(drawing, { clientX: 120, clientY: 60, pointerId: 2, pointerType: 'mouse' });
    const comment = await within(viewer).findByLabelText('1. Rectangle: what should change here? *');
    fireEvent.change(comment, { target: { value: 'Fix it' } });
    fireEvent.click(within(viewer).getByRole('button', { name: 'Reject' }));
    const error = await within(viewer).findByText('Too rude for the studio.');
    expect(comment.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('sends the rejections as one round and says what was sent', async () => {
    const rejected = imageOf(2, 'REJECTED', {
      round: 1,
      decision: 'REJECT',
      comment: null,
      annotationCount: 2,
      decidedAt: at,
      sent: false,
    });
    const { calls } = stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf([imageOf(1, 'APPROVED'), rejected])),
      [`POST /api/jobs/${jobId}/revision-requests`]: () =>
        jsonResponse(
          {
            job: { ...job, status: 'REVISION_REQUESTED', round: 2 },
            revision: {
              round: 2,
              notes: '',
              requestedAt: at,
              billable: false,
              imageCount: 0,
              sentBackCount: 1,
              approvedCount: 1,
            },
          },
          201,
        ),
    });
    renderWithProviders(<ReviewPage caller="client" job={job} readOnly={false} />);
    const card = await screen.findByText('Rejected, not sent yet, 2 marks');
    expect(card).toBeTruthy();
    expect(screen.getByText(/The job can be approved once your 1 rejection is sent or undone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 rejection' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send 1 rejection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 1 rejection' }));
    expect(await screen.findByText('Sent to the studio as round 2: 1 image sent back, 1 approved.')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toEqual({});
  });

  it('says so while nothing is delivered', async () => {
    stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () =>
        jsonResponse({
          ...listOf([{ ...imageOf(1, 'IN_EDIT'), current: null }]),
          firstTimeApproval: { delivered: 0, firstTimeApproved: 0, sentBack: 0, rate: null },
        }),
    });
    renderWithProviders(<ReviewPage caller="client" job={{ ...job, status: 'IN_PROGRESS' }} readOnly={false} />);
    expect(await screen.findByText('Nothing to review yet: the studio is still working on your photos.')).toBeTruthy();
    await act(async () => undefined);
  });

  it('is read-only for staff: no decision controls, Enter still opens the viewer', async () => {
    const target = images[2]!;
    stubFetch({
      [`GET /api/jobs/${jobId}/images`]: () => jsonResponse(listOf(images)),
      [`GET /api/jobs/${jobId}/images/${target.id}`]: () => jsonResponse(detailOf(target)),
    });
    renderWithProviders(<ReviewPage caller="staff" job={job} readOnly />);
    const grid = await screen.findByRole('grid', { name: 'Images to review' });
    expect(within(grid).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve all remaining' })).toBeNull();
    const cells = within(grid).getAllByRole('gridcell');
    cells[0]!.focus();
    fireEvent.keyDown(cells[0]!, { key: 'End' });
    fireEvent.keyDown(cells[2]!, { key: 'a' });
    fireEvent.keyDown(cells[2]!, { key: 'Enter' });
    const viewer = await screen.findByRole('dialog', { name: 'photo-3.jpg' });
    await within(viewer).findByRole('slider', { name: 'Before and after' });
    expect(within(viewer).queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
