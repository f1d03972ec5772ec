import { useId, useState } from 'react';
import type { JobImage, VersionKind } from '@studio/shared/image-api';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { useDeliverOnImage } from '../api/deliver.ts';
import { finishedFileAccept } from './file-accept.ts';

/**
 * Delivers one file on one image: the finished file (the image's new current version, to QC) or an
 * extra file beside it (a layered PSD).
 */
export function DeliverOnImage({ jobId, image }: { jobId: string; image: JobImage }) {
  const deliver = useDeliverOnImage();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<VersionKind>('main');
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const inputId = useId();
  return (
    <form
      className="job-image-detail__deliver"
      aria-label={`Deliver a file for ${image.fileName}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setDone(null);
        setProgress(0);
        deliver.mutate(
          { jobId, imageId: image.id, file, kind, onProgress: setProgress },
          {
            onSuccess: ({ image: after, version }) => {
              setFile(null);
              setDone(
                `${version.fileName} delivered as ${version.kind === 'extra' ? 'an extra file' : `version ${version.number}`}` +
                  (after.status === 'IN_QC' ? '; it waits for QC.' : '.'),
              );
            },
          },
        );
      }}
    >
      <h3>Deliver on this image</h3>
      <fieldset className="job-image-detail__kind">
        <legend>What the file is</legend>
        <label className="form__check">
          <input type="radio" name="kind" checked={kind === 'main'} onChange={() => setKind('main')} />
          <span>The finished image (its new current version)</span>
        </label>
        <label className="form__check">
          <input type="radio" name="kind" checked={kind === 'extra'} onChange={() => setKind('extra')} />
          <span>An extra file beside it (e.g. a layered PSD)</span>
        </label>
      </fieldset>
      <label htmlFor={inputId}>File</label>
      <input
        id={inputId}
        type="file"
        accept={finishedFileAccept}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setDone(null);
        }}
      />
      <button type="submit" className="button button--primary" disabled={!file || deliver.isPending}>
        {deliver.isPending ? `Delivering... ${Math.round(progress)}%` : 'Deliver'}
      </button>
      {deliver.isError && (
        <p className="form__alert" role="alert">
          {apiErrorText(deliver.error, 'The file could not be delivered.', refusalReason)}
        </p>
      )}
      {done && (
        <p className="form__hint" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
