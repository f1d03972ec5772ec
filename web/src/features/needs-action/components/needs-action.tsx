import { QueryState } from '../../../components/query-state.tsx';
import { Link } from '../../../components/app-link.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { useStudioOverview } from '../../../lib/studio-overview.ts';
import { useDateFormat } from '../../../lib/studio-time-zone.tsx';
import { needsTiles } from './needs-action-tiles.ts';
import './needs-action.css';

/** `14:05 CET`: the time of a count, in the studio's zone (the reader's until it is known). */
function timeOf(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

/**
 * "Needs action" (#40, item 9), first on the manager's and the owner's dashboard: one tile per
 * count of `GET api/studio/overview`, each a link to the list it counts (a list the reader cannot
 * open shows its count without a link). A zero reads calm; a number stands out.
 */
export function NeedsAction() {
  const overview = useStudioOverview();
  const { user } = useStaffSession();
  const { timeZone } = useDateFormat();
  return (
    <section className="needs-action" aria-labelledby="needs-action-heading">
      <div className="needs-action__head">
        <h2 id="needs-action-heading">Needs action</h2>
        {overview.data && (
          <p className="needs-action__as-of">
            as of <time dateTime={overview.data.countedAt}>{timeOf(overview.data.countedAt, timeZone)}</time>
          </p>
        )}
      </div>
      <QueryState
        query={overview}
        loading="Loading what needs action..."
        error="Failed to load what needs action."
        isEmpty={() => false}
      >
        {({ needsAction }) => (
          <ul className="needs-action__tiles">
            {needsTiles.map((tile) => {
              const count = needsAction[tile.key];
              const path = user ? tile.path(user.role) : null;
              const className = `needs-action__tile${count > 0 ? ' needs-action__tile--due' : ''}`;
              const body = (
                <>
                  <span className="needs-action__count">{count}</span>
                  <span className="needs-action__label">{tile.label}</span>
                  <span className="needs-action__explanation">{tile.explanation}</span>
                </>
              );
              return (
                <li key={tile.key} data-tile={tile.key}>
                  {path ? (
                    <Link className={className} to={path}>
                      {body}
                    </Link>
                  ) : (
                    <div className={className}>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
