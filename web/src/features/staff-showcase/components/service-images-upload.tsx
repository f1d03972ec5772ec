import { useId, useRef, useState } from 'react';
import { UploadProgress } from '../../../components/image-upload-field.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import type { useAddServiceImages } from '../api/add-service-images.ts';

/** `1536000` -> `1.46 MB` (spec §2: size in MB to two decimals). */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/**
 * The manager's multi-image upload (spec §2): the chosen files with their sizes, then each one's
 * progress, and 'Upload {n} Images' / 'Uploading...'.
 */
export function ServiceImagesUpload({
  serviceId,
  add,
  disabled,
  onDone,
}: {
  serviceId: string;
  /** The page's upload: the page knows when any of its changes runs. */
  add: ReturnType<typeof useAddServiceImages>;
  disabled: boolean;
  onDone: (notice: NoticeState) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<number, number>>({});

  async function upload() {
    if (!serviceId) return onDone({ kind: 'error', text: 'Please select a service' });
    if (files.length === 0) return onDone({ kind: 'error', text: 'Please select at least one image' });
    try {
      await add.mutateAsync({
        serviceId,
        files,
        onProgress: (index, percent) => setProgress((current) => ({ ...current, [index]: percent })),
      });
      onDone({ kind: 'success', text: 'Images uploaded successfully!' });
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (error) {
      onDone({
        kind: 'error',
        text: apiErrorText(error, 'Error uploading images', { lead: 'Error:', issues: 'only' }),
      });
    } finally {
      setProgress({});
    }
  }

  return (
    <>
      <div className="form__field">
        <label htmlFor={inputId}>Images to upload</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          onChange={(event) => {
            setFiles([...(event.target.files ?? [])]);
            setProgress({});
          }}
        />
      </div>
      {files.length > 0 && (
        <div>
          <p className="staff-muted">
            {files.length} {files.length === 1 ? 'image' : 'images'} selected
          </p>
          <ul className="staff-file-list">
            {files.map((file, index) => {
              const label = `${file.name} (${megabytes(file.size)})`;
              const percent = progress[index];
              return (
                <li key={`${file.name}-${index}`}>
                  {percent === undefined ? label : <UploadProgress label={label} percent={percent} />}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div>
        <button type="button" className="button button--primary" disabled={disabled} onClick={() => void upload()}>
          {add.isPending ? 'Uploading...' : `Upload ${files.length} Images`}
        </button>
      </div>
    </>
  );
}
