import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { stubXhr } from '../../../testing/fake-xhr.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UploadArea } from '../../../components/upload-area.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';

const uploadId = '01JD0VP10AD000000000000001';

function Harness() {
  const uploads = usePhotoUploads();
  return (
    <>
      <UploadArea queue={uploads} />
      <p data-testid="upload-id">{uploads.state.uploadId ?? 'none'}</p>
    </>
  );
}

const link = { url: 'http://bucket.test/uploads', fields: { key: 'k', policy: 'p' }, key: 'k', uploadId };

function choose(...names: string[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((name) => new File(['png'], name, { type: 'image/png' })) } });
}

describe('UploadArea', () => {
  it('uploads several files one by one into one upload, then retries the failed one', async () => {
    const sent = stubXhr(['ok', 'fail', 'ok']);
    const { calls } = stubFetch({
      'GET /api/get-upload-link': () => jsonResponse({ uploadurl: link }),
      [`POST /api/uploads/${uploadId}/photos`]: (request) => {
        const { fileName } = JSON.parse(request.body!) as { fileName: string };
        return jsonResponse(
          {
            photo: { id: uploadId, fileName, size: 3, contentType: 'image/png', hasThumbnail: true },
            upload: { uploadId, photoCount: 1, bytes: 3 },
          },
          201,
        );
      },
    });
    renderWithProviders(<Harness />);

    choose('a.png', 'b.png');
    const list = await screen.findByRole('list', { name: 'Photos' });
    await within(list).findByText('Uploaded');
    const failed = await within(list).findByText('The upload failed. Please try again.');
    expect(failed.closest('li')?.textContent).toContain('b.png');
    expect(screen.getByText('1 of 2 uploaded')).toBeTruthy();
    expect(screen.getByTestId('upload-id').textContent).toBe(uploadId);

    // The first call creates the upload; the next joins it. Fields go first, the file last; each
    // posted file is confirmed under its name.
    const links = calls.filter((call) => call.url.pathname === '/api/get-upload-link');
    expect(links[0]?.url.searchParams.get('uploadId')).toBeNull();
    expect(links[0]?.url.searchParams.get('contentType')).toBe('image/png');
    expect(links[1]?.url.searchParams.get('uploadId')).toBe(uploadId);
    expect(calls.find((call) => call.method === 'POST')?.body).toBe(JSON.stringify({ key: 'k', fileName: 'a.png' }));
    expect([...sent[0]!.keys()]).toEqual(['key', 'policy', 'file']);

    fireEvent.click(within(list).getByRole('button', { name: 'Retry b.png' }));
    await screen.findByText('2 of 2 uploaded');
    expect(calls.filter((call) => call.url.pathname === '/api/get-upload-link')).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: /Retry/ })).toBeNull();
    // Stored files stay listed: they belong to the upload the job points at.
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows the server refusing a file by name, with no retry', async () => {
    stubXhr(['ok']);
    stubFetch({
      'GET /api/get-upload-link': () => jsonResponse({ uploadurl: link }),
      [`POST /api/uploads/${uploadId}/photos`]: () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'VALIDATION_FAILED',
            message: 'empty.png: the file is empty (0 bytes), so it was not kept.',
            details: {
              issues: [{ path: 'body.key', message: 'empty.png: the file is empty (0 bytes), so it was not kept.' }],
            },
          },
          400,
        ),
    });
    renderWithProviders(<Harness />);
    choose('empty.png');
    const list = await screen.findByRole('list', { name: 'Photos' });
    expect(await within(list).findByText('empty.png: the file is empty (0 bytes), so it was not kept.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Retry empty.png' })).toBeNull();
    expect(screen.getByText('0 of 1 uploaded')).toBeTruthy();
  });

  it('refuses a non-image at once and lets it be removed; a link failure shows the spec text', async () => {
    stubXhr([]);
    stubFetch({
      'GET /api/get-upload-link': () => jsonResponse({ statusCode: 500, error: 'INTERNAL', message: 'x' }, 500),
    });
    renderWithProviders(<Harness />);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [
          new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
          new File(['png'], 'c.png', { type: 'image/png' }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Photos' });
    expect(within(list).getByText('Upload JPEG, PNG, WebP, TIFF or HEIC photos.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Retry notes.pdf' })).toBeNull();
    expect(
      await within(list).findByText('An error occurred while getting the upload link. Please try again.'),
    ).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Remove notes.pdf' }));
    expect(within(list).queryByText('notes.pdf')).toBeNull();
    expect(within(list).getByText('c.png')).toBeTruthy();
  });
});
