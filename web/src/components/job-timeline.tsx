import type { TimelineEntry } from '@studio/shared/job-lifecycle';
import { useDateFormat } from '../lib/studio-time-zone.tsx';
import './job-lifecycle.css';

/** Who made a change, in a word: the client, the studio (a staff role), the payment provider, or the schedule. */
function actorWord(entry: TimelineEntry, readerIsClient: boolean): string {
  switch (entry.actor.kind) {
    case 'client':
      return readerIsClient ? 'You' : 'Client';
    case 'staff':
      return readerIsClient ? 'Studio' : `Studio (${(entry.actor.role ?? 'staff').toLowerCase().replace('_', ' ')})`;
    case 'provider':
      return 'Payment provider';
    case 'system':
      return 'Automatic';
  }
}

/**
 * A job's timeline (issue 17), oldest first: when, what and who, one line per change. The client's
 * job page and the staff console show the same entries (`GET api/jobs/{id}/timeline`).
 */
export function JobTimeline({ entries, reader }: { entries: readonly TimelineEntry[]; reader: 'client' | 'staff' }) {
  const { dateTime: formatDateTime } = useDateFormat();
  if (entries.length === 0) return <p className="page-state">Nothing has happened yet.</p>;
  return (
    <ol className="job-timeline" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="job-timeline__entry" data-kind={entry.kind}>
          <time className="job-timeline__at" dateTime={entry.at}>
            {formatDateTime(entry.at)}
          </time>
          <span className="job-timeline__what">{entry.summary}</span>
          <span className="job-timeline__who">{actorWord(entry, reader === 'client')}</span>
        </li>
      ))}
    </ol>
  );
}
