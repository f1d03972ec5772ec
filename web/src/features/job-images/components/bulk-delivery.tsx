import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { maxFilesPerBatch } from '@studio/shared/images';
import { unmatchedFileSchema } from '@studio/shared/image-api';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { useDeliverMany } from '../api/deliver.ts';
import { finishedFileProblem } from '../api/send-finished-files.ts';
import { staffStatusLabels } from './image-status.ts';
import { finishedFileAccept } from './file-accept.ts';

const unmatchedListSchema = z.array(unmatchedFileSchema);

/** The files a refused bulk delivery names (the 400's `details.unmatched`), or null for another failure. */
function unmatchedOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = unmatchedListSchema.safeParse(error.details.unmatched);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

/**
 * Many finished files at once, each delivered to the original with the same file name (stem, any
 * extension: `shoe 12.tif` for `Shoe 12.JPG`). All or nothing: when a file matches no image (or
 * several), the files are listed and nothing is delivered.
 */
export function BulkDelivery({ jobId }: { jobId: string }) {
  const deliver = useDeliverMany();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[]>([]);
  const inputId = useId();
  const tooMany = files.length > maxFilesPerBatch;
  const problem = tooMany
    ? `Choose at most ${maxFilesPerBatch} files at once.`
    : (files.map(finishedFileProblem).find((text) => text !== null) ?? null);
  const unmatched = unmatchedOf(deliver.error);
  const sentPercent =
    progress.length > 0 ? Math.round(progress.reduce((sum, value) => sum + value, 0) / progress.length) : 0;
  return (
    <form
      className="job-images__bulk"
      aria-labelledby={`${inputId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (files.length === 0 || problem) return;
        setProgress(files.map(() => 0));
        deliver.mutate(
          {
            jobId,
            files,
            onProgress: (index, percent) =>
              setProgress((before) => before.map((value, i) => (i === index ? Math.max(value, percent) : value))),
          },
          { onSuccess: () => setFiles([]) },
        );
      }}
    >
      <h3 id={`${inputId}-title`}>Deliver finished files by name</h3>
      <p className="form__hint">
        Each file goes to the original with the same name, whatever its extension (front.tif for front.jpg). Up to{' '}
        {maxFilesPerBatch} files at once; if one matches no image, nothing is delivered.
      </p>
      <label htmlFor={inputId}>Finished files</label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={finishedFileAccept}
        onChange={(event) => {
          setFiles(Array.from(event.target.files ?? []));
          deliver.reset();
        }}
      />
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={files.length === 0 || problem !== null || deliver.isPending}
      >
        {deliver.isPending
          ? `Delivering... ${sentPercent}%`
          : `Deliver ${files.length} ${files.length === 1 ? 'file' : 'files'}`}
      </button>
      {unmatched ? (
        <div className="form__alert" role="alert">
          <p>
            Nothing was delivered: {unmatched.length} {unmatched.length === 1 ? 'file matches' : 'files match'} no
            single image. Rename {unmatched.length === 1 ? 'it' : 'them'} after the original, or deliver on the image.
          </p>
          <ul aria-label="Files not matched">
            {unmatched.map((file) => (
              <li key={file.key}>
                {file.fileName}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        deliver.isError && (
          <p className="form__alert" role="alert">
            {apiErrorText(deliver.error, 'The files could not be delivered.', refusalReason)}
          </p>
        )
      )}
      {deliver.data && (
        <div role="status">
          <p>
            {deliver.data.delivered.length} {deliver.data.delivered.length === 1 ? 'file' : 'files'} delivered.
          </p>
          <ul aria-label="Files delivered" className="job-images__delivered">
            {deliver.data.delivered.map((file) => (
              <li key={file.versionId}>
                {file.fileName} → {file.imageFileName} (
                {file.kind === 'extra' ? 'extra file' : `version ${file.number}`}, {staffStatusLabels[file.status]})
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
