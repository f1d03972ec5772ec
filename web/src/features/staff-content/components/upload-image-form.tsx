import { useId, useState, type FormEvent } from 'react';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { uploadCatalogImage } from '../api/images.ts';
import { UploadProgress } from './staff-widgets.tsx';

/** The single image upload (spec: POST api/images): shows progress, then the image's public path. */
export function UploadImageForm() {
  const id = useId();
  const { notice, show, dismiss } = useTimedNotice();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      show({ kind: 'error', text: 'Please select an image to upload.' });
      return;
    }
    setPercent(0);
    try {
      const url = await uploadCatalogImage(file, setPercent);
      setUploaded((list) => [url, ...list]);
      show({ kind: 'success', text: 'Image uploaded successfully!' });
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (error) {
      show({
        kind: 'error',
        text: apiErrorText(error, 'Error uploading image. Please try again.', { issues: 'only' }),
      });
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="sc-stack">
      <form className="form sc-form staff-card" onSubmit={(event) => void submit(event)} noValidate>
        <Notice notice={notice} onDismiss={dismiss} />
        <div className="form__field">
          <label htmlFor={id}>Image (JPEG, PNG or WebP, up to 20 MB)</label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {percent !== null && file && <UploadProgress label={file.name} percent={percent} />}
        <div className="sc-actions">
          <button type="submit" className="button button--primary" disabled={percent !== null}>
            {percent !== null ? 'Uploading...' : 'Upload Image'}
          </button>
        </div>
      </form>
      {uploaded.length > 0 && (
        <section className="staff-card" aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`}>Uploaded in this session</h2>
          <ul className="sc-list">
            {uploaded.map((url) => (
              <li key={url}>
                <img className="sc-thumb" src={url} alt="" width={120} height={90} />
                <code>{url}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
