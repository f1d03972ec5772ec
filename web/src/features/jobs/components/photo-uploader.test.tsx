import type { SubService } from '@studio/shared/service';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session.ts';
import { jsonResponse, stubFetch, type StubbedRequest } from '../../../testing/fetch-stub.ts';
import { jobFixture } from '../../../testing/job-fixtures.ts';
import { stubXhr } from '../../../testing/fake-xhr.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { photosPerPage } from './photo-uploader.tsx';
import { QuoteForm } from './quote-form.tsx';
import { resumeStorageKey } from './use-quote-photo-uploads.ts';

const serviceId = fixtureId(1);
const uploadId = '01JD0VP10AD000000000000001';
const userId = 'client-1';
const subService: SubService = {
  id: fixtureId(1, '01JD0SVB00000000000000'),
  serviceId,
  name: 'Sub 1',
  description: '',
  order: 1,
  prices: [{ price: 0.5, currency: 'USD', cents: 50 }],
  beforeImage: null,
  afterImage: null,
};

/** The upload routes as the server answers them: keys numbered, `refuse` by name. */
function uploadRoutes(refuse: Record<string, string> = {}) {
  let keys = 0;
  const names = new Map<string, string>();
  return {
    'POST /api/upload-links': (request: StubbedRequest) => {
      const body = JSON.parse(request.body!) as { uploadId?: string; files: { fileName: string }[] };
      return jsonResponse({
        uploadId: body.uploadId ?? uploadId,
        links: body.files.map((file) => {
          const key = `client-uploads/${userId}/${uploadId}/${++keys}.jpg`;
          names.set(key, file.fileName);
          return {
            fileName: file.fileName,
            key,
            post: { url: 'http://bucket.test/uploads', fields: { key, policy: 'p' } },
            multipart: null,
          };
        }),
      });
    },
    [`POST /api/uploads/${uploadId}/photos/batch`]: (request: StubbedRequest) => {
      const { photos } = JSON.parse(request.body!) as { photos: { key: string; fileName: string }[] };
      const refused = photos
        .filter((photo) => refuse[photo.fileName])
        .map((photo) => ({ ...photo, reason: refuse[photo.fileName]! }));
      return jsonResponse({
        photos: photos
          .filter((photo) => !refuse[photo.fileName])
          .map((photo, i) => ({
            id: `01JD0VP10AD0000000000${String(i).padStart(5, '0')}`,
            fileName: photo.fileName,
            size: 10,
            contentType: 'image/jpeg',
            hasThumbnail: false,
            preview: 'PENDING',
          })),
        refused,
        upload: { uploadId, photoCount: photos.length, bytes: 10 * photos.length },
      });
    },
  };
}

function signIn() {
  startSession('token-1', { id: userId, name: 'Client', username: 'client', email: 'c@example.com', initials: 'C' });
}

function renderQuote(onCreated = vi.fn()) {
  renderWithProviders(<QuoteForm serviceId={serviceId} subServices={[subService]} onCreated={onCreated} />);
  fireEvent.click(screen.getByRole('checkbox', { name: /Sub 1/ }));
  fireEvent.click(screen.getByRole('radio', { name: 'Upload my photos here' }));
  return onCreated;
}

function choose(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const jpeg = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const count = () => document.querySelector('output[name="numberOfPhotos"]')?.textContent;

describe('PhotoUploader in the quote form', () => {
  it('uploads in batches, shows the whole progress, names refused files, and orders with the confirmed ones', async () => {
    signIn();
    stubXhr();
    const { calls } = stubFetch({
      ...uploadRoutes({ 'fake.jpg': 'fake.jpg: not an image by its bytes, so it was not kept.' }),
      'POST /api/jobs': () => jsonResponse({ job: jobFixture({ id: fixtureId(7, '01JD0J0B00000000000000') }) }, 201),
    });
    const onCreated = renderQuote();

    choose(jpeg('a.jpg'), jpeg('b.jpg'), jpeg('fake.jpg'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText(/Skipped 1 file that is not a JPEG, PNG, WebP, TIFF or HEIC photo: notes\.txt\./),
    ).toBeTruthy();
    await screen.findByText('2 of 3 uploaded', {}, { timeout: 5000 });
    const list = screen.getByRole('list', { name: 'Photos' });
    expect(within(list).getByText('fake.jpg: not an image by its bytes, so it was not kept.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Retry fake.jpg' })).toBeNull();
    const overall = screen.getByRole('progressbar', { name: 'All photos' });
    expect(overall.getAttribute('aria-valuenow')).toBe('100');
    expect(overall.getAttribute('aria-valuetext')).toBe('2 of 3 photos, 20 B of 20 B');
    expect(screen.getByRole('progressbar', { name: 'a.jpg' }).getAttribute('aria-valuenow')).toBe('100');
    expect(count()).toBe('2');
    expect(document.querySelector('output[name="total"]')?.textContent).toBe('$1.00');

    // One call for the links, one to confirm; nothing per photo.
    expect(calls.filter((call) => call.url.pathname === '/api/upload-links')).toHaveLength(1);
    expect(calls.filter((call) => call.url.pathname.endsWith('/photos/batch'))).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(resumeStorageKey(userId))!)).toEqual({
      uploadId,
      confirmed: ['a.jpg\u000010', 'b.jpg\u000010'],
      pending: [],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(calls.find((call) => call.url.pathname === '/api/jobs')!.body!)).toMatchObject({
      linkType: 'generate',
      uploadId,
    });
    // The job holds the upload: the next quote starts a new one.
    expect(localStorage.getItem(resumeStorageKey(userId))).toBeNull();
  });

  it('retries a failed file, and waits for the photos before creating the job', async () => {
    signIn();
    stubXhr(['fail']);
    const { calls } = stubFetch(uploadRoutes());
    renderQuote();
    choose(jpeg('a.jpg'));
    const retry = await screen.findByRole('button', { name: 'Retry a.jpg' }, { timeout: 5000 });
    expect(screen.getByText('The upload failed. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText('Upload your photos first.')).toBeTruthy();

    fireEvent.click(retry);
    await screen.findByText('1 of 1 uploaded', {}, { timeout: 5000 });
    expect(calls.filter((call) => call.url.pathname === '/api/upload-links')).toHaveLength(2);
    expect(count()).toBe('1');
  });

  it('after a reload says what is uploaded already, and sends only the files not yet confirmed', async () => {
    signIn();
    localStorage.setItem(
      resumeStorageKey(userId),
      JSON.stringify({ uploadId, confirmed: ['a.jpg\u000010', 'b.jpg\u000010'] }),
    );
    const sent = stubXhr();
    const { calls } = stubFetch(uploadRoutes());
    renderQuote();
    expect(screen.getByText(/2 photos already uploaded/)).toBeTruthy();
    expect(count()).toBe('2');

    choose(jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'));
    await screen.findByText('3 of 3 uploaded', {}, { timeout: 5000 });
    expect(screen.getByText('2 photos were uploaded before and will not be sent again.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const links = calls.filter((call) => call.url.pathname === '/api/upload-links');
    expect(links.map((call) => JSON.parse(call.body!) as unknown)).toEqual([
      { uploadId, files: [{ fileName: 'c.jpg', contentType: 'image/jpeg', size: 10 }] },
    ]);
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByText('Already uploaded')).toHaveLength(2);
    expect(count()).toBe('3');
  });

  it('shows a long list a page at a time, and narrows it to one state', async () => {
    signIn();
    stubXhr();
    stubFetch(uploadRoutes());
    renderQuote();
    const files = Array.from({ length: 120 }, (_, i) => jpeg(`photo-${String(i).padStart(3, '0')}.jpg`));
    choose(...files);
    await screen.findByText('120 of 120 uploaded', {}, { timeout: 10_000 });
    const list = screen.getByRole('list', { name: 'Photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(photosPerPage);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem')).toHaveLength(20);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'failed' } });
    expect(screen.getByText('No photos in this state.')).toBeTruthy();
    expect(count()).toBe('120');
  });
});
