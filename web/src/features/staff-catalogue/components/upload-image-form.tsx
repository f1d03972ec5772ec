import { useId, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { UploadProgress } from '../../../components/image-upload-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useUploadImage } from '../api/upload-image.ts';
import '../../../components/form.css';
import '../../../components/staff-ui.css';

/** Each image uploaded here: its preview and the public path to use elsewhere. */
const uploadColumns: DataColumn<string>[] = [
  {
    id: 'image',
    header: 'Image',
    width: '9rem',
    cell: (url) => <img className="image-thumb" src={url} alt="" width={120} height={90} />,
  },
  { id: 'path', header: 'Public path', rowHeader: true, cell: (url) => <code>{url}</code> },
];

/** The single image upload (spec: POST api/images): shows progress, then the image's public path. */
export function UploadImageForm() {
  const id = useId();
  const { notice, show, dismiss } = useTimedNotice();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const upload = useUploadImage();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!file) {
      show({ kind: 'error', text: 'Please select an image to upload.' });
      return;
    }
    setPercent(0);
    try {
      const url = await upload.mutateAsync({ file, onProgress: setPercent });
      setUploaded((list) => [url, ...list]);
      show({ kind: 'success', text: 'Image uploaded successfully!' });
      setFile(null);
      form.reset();
    } catch (error) {
      show({
        kind: 'error',
        text: apiErrorText(error, 'Error uploading image. Please try again.', { issues: 'only' }),
      });
    }
  }

  return (
    <div className="staff-stack">
      <form className="form staff-form staff-card" onSubmit={(event) => void submit(event)} noValidate>
        <Notice notice={notice} onDismiss={dismiss} reveal />
        <div className="form__field">
          <label htmlFor={id}>Image (JPEG, PNG or WebP, up to 20 MB)</label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {upload.isPending && file && <UploadProgress label={file.name} percent={percent} />}
        <div className="staff-actions">
          <button type="submit" className="button button--primary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload Image'}
          </button>
        </div>
      </form>
      {uploaded.length > 0 && (
        <section className="staff-card staff-stack" aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`}>Uploaded in this session</h2>
          <DataTable caption="Uploaded images" columns={uploadColumns} rows={uploaded} rowKey={(url) => url} />
        </section>
      )}
    </div>
  );
}
