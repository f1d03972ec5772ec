import { revisionName, type RevisionRequestWithImages } from '@studio/shared/job-lifecycle';
import { useDateFormat } from '../lib/studio-time-zone.tsx';
import './job-lifecycle.css';

/**
 * The revision requests of a job (issue 17), newest first: its name (the request that opens round 2
 * is "Revision 1"), when, the client's
 * notes and reference images (previews where the server made one, each a download). Staff also
 * see whether a round is beyond the studio's free rounds.
 */
export function RevisionRounds({
  revisions,
  showBilling = false,
  only,
}: {
  revisions: readonly RevisionRequestWithImages[];
  showBilling?: boolean;
  /** Show this round only (an editor's card: the round being worked on). */
  only?: number;
}) {
  const { dateTime: formatDateTime } = useDateFormat();
  const shown = [...revisions].reverse().filter((revision) => only === undefined || revision.round === only);
  if (shown.length === 0) return null;
  return (
    <ul className="revision-rounds" aria-label="Revision requests">
      {shown.map((revision) => (
        <li key={revision.round} className="revision-rounds__round">
          <p className="revision-rounds__title">
            <strong>{revisionName(revision.round)}</strong>: changes requested{' '}
            <time dateTime={revision.requestedAt}>{formatDateTime(revision.requestedAt)}</time>
            {showBilling && revision.billable && <span className="revision-rounds__billable"> · billable</span>}
          </p>
          <p className="revision-rounds__notes">{revision.notes}</p>
          {revision.images.length > 0 && (
            <ul
              className="wrap-list revision-rounds__images"
              aria-label={`Reference images of ${revisionName(revision.round)?.toLowerCase()}`}
            >
              {revision.images.map((image) => (
                <li key={image.id}>
                  <a href={image.downloadUrl} download={image.fileName}>
                    {image.thumbnailUrl ? (
                      <img src={image.thumbnailUrl} alt={image.fileName} width={96} height={96} loading="lazy" />
                    ) : (
                      image.fileName
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
