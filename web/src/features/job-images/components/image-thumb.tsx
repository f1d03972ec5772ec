import type { ImageFile } from './image-types.ts';
import '../../../components/file-thumb.css';

/**
 * A preview of an original or a finished file: the picture once the preview worker made it; while
 * it works, a box that says so (read again by the list); a file without a preview (HEIC, a PSD,
 * damaged) shows its type.
 */
export function ImageThumb({ file, alt, className = '' }: { file: ImageFile; alt: string; className?: string }) {
  if (file.previewUrl) {
    return <img className={`file-thumb ${className}`} src={file.previewUrl} alt={alt} loading="lazy" />;
  }
  if (file.preview === 'PENDING') {
    return (
      <span className={`file-thumb file-thumb--none ${className}`} role="img" aria-label={`${alt}: being made`}>
        Preview being made...
      </span>
    );
  }
  const type = file.contentType.replace(/^image\/(vnd\.adobe\.)?/, '').toUpperCase();
  return (
    <span className={`file-thumb file-thumb--none ${className}`} role="img" aria-label={`${alt}: none`}>
      {file.preview === 'DAMAGED' ? 'No preview (damaged)' : `${type}, no preview`}
    </span>
  );
}
