import { rateText, type FirstTimeApproval } from '@studio/shared/image-review';
import { QueryState } from '../../../components/query-state.tsx';
import { useStudioOverview } from '../../../lib/studio-overview.ts';
import './review-figures-card.css';

function counts(figure: FirstTimeApproval): string {
  if (figure.delivered === 0) return 'no approved job yet';
  return `${figure.firstTimeApproved} of ${figure.delivered} images approved without a redo`;
}

/**
 * The studio's first-time approval (#34) on the manager's and the owner's dashboard: this month
 * and the last six months together, from the jobs the clients approved in them (month by month is
 * the figures' card of it). Jobs approved before the figures were kept count nothing.
 */
export function ReviewFiguresCard() {
  const overview = useStudioOverview();
  return (
    <section className="review-figures staff-tile" aria-labelledby="review-figures">
      <h2 id="review-figures">First-time approval</h2>
      <QueryState
        query={overview}
        loading="Loading the figures..."
        error="Failed to load the figures."
        isEmpty={() => false}
      >
        {({ firstTimeApproval: { months, total } }) => {
          const current = months[0];
          return (
            <dl className="review-figures__main">
              {current && (
                <div>
                  <dt>This month</dt>
                  <dd>
                    <strong>{rateText(current.rate)}</strong> <span className="form__hint">({counts(current)})</span>
                  </dd>
                </div>
              )}
              <div>
                <dt>Last {months.length} months</dt>
                <dd>
                  <strong>{rateText(total.rate)}</strong> <span className="form__hint">({counts(total)})</span>
                </dd>
              </div>
            </dl>
          );
        }}
      </QueryState>
    </section>
  );
}
