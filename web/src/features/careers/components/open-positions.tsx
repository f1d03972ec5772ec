import { LazyImage } from '../../../components/responsive-image.tsx';
import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useJobOpenings } from '../api/list-job-openings.ts';
import { mediumDateUtc } from './posted-date.ts';

/** Open Positions: one card per active opening with 'Apply Now'. A fetch failure is only logged by the spec. */
export function OpenPositions() {
  const { data, isPending, isError } = useJobOpenings();
  if (isPending) {
    return (
      <p className="page-state" role="status">
        Loading...
      </p>
    );
  }
  if (isError || data.length === 0) {
    // Spec §8: the job-opening fetch failure is only logged; visitors see the empty state.
    return <p className="page-state">No job openings available</p>;
  }
  return (
    <ul className="card-grid">
      {data.map((job) => (
        <li key={job.id} className="card">
          {job.imageUrl && (
            <LazyImage
              src={job.imageUrl}
              sizes="(max-width: 768px) calc(100vw - 2.5rem), 380px"
              width={320}
              height={180}
            />
          )}
          <h3>{job.title}</h3>
          <p>{job.description}</p>
          <p>
            <small>Posted {mediumDateUtc(job.postedDate)}</small>
          </p>
          <Link to={paths.applyJob(job.id)} className="button button--primary" aria-label={`Apply Now: ${job.title}`}>
            Apply Now
          </Link>
        </li>
      ))}
    </ul>
  );
}
