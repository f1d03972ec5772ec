import type { JobFile } from '@studio/shared/job-files';
import { fileSize } from '../../../lib/file-size.ts';
import '../../../components/file-thumb.css';

/** Files of a job with their previews (when there is one), names as uploaded, sizes and download links. */
export function FileList({ files, label }: { files: readonly JobFile[]; label: string }) {
  return (
    <ul className="job-files__list" aria-label={label}>
      {files.map((file) => (
        <li key={file.id} className="tile job-files__item">
          {file.thumbnailUrl ? (
            <img className="file-thumb" src={file.thumbnailUrl} alt={`Preview of ${file.fileName}`} loading="lazy" />
          ) : (
            <span className="file-thumb file-thumb--none" aria-hidden="true">
              {file.contentType.replace('image/', '').toUpperCase()}
            </span>
          )}
          <span className="job-files__name">{file.fileName}</span>
          <span className="form__hint">{fileSize(file.size)}</span>
          <a href={file.downloadUrl} download={file.fileName} aria-label={`Download ${file.fileName}`}>
            Download
          </a>
        </li>
      ))}
    </ul>
  );
}
