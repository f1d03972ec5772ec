import { Link, useLocation, useParams } from 'react-router-dom';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { useJob } from '../../features/jobs/api/get-job.ts';
import { JobSummary } from '../../features/jobs/components/job-summary.tsx';
import { PaymentForm } from '../../features/jobs/components/payment-form.tsx';
import type { PaymentPageState } from './service-quote.tsx';

function FreeTrialSection() {
  // The spec shows the free-trial form here too; one form lives at /free-trial (docs/decisions.md).
  return (
    <section className="job-summary" aria-labelledby="payment-trial-heading">
      <h2 id="payment-trial-heading">Not ready to pay yet?</h2>
      <p>Send us one photo and we edit it free of charge, so you can judge the quality first.</p>
      <Link className="button button--secondary" to={paths.freeTrial}>
        Start free trial
      </Link>
    </section>
  );
}

function JobPayment({ jobId }: { jobId: string }) {
  const { data: job, isPending, error } = useJob(jobId);
  if (isPending) {
    return (
      <p className="page-state" role="status">
        Loading...
      </p>
    );
  }
  if (error) {
    return (
      <p className="page-state page-state--error" role="alert">
        Failed to fetch the job: {error.message}
      </p>
    );
  }
  // The server refuses a payment choice for these (409); say why instead of offering the form.
  const closed =
    job.payment?.status === 'PAID'
      ? 'This job is paid. Thank you!'
      : job.status === 'CANCELLED'
        ? 'This job was cancelled, so there is nothing to pay.'
        : null;
  return (
    <>
      <JobSummary job={job} />
      {closed ? (
        <p className="page-state" role="status">
          {closed}
        </p>
      ) : (
        <PaymentForm key={job.id} job={job} />
      )}
    </>
  );
}

/** `/payment/{jobId}` (with the job) and `/payment` (the form alone), for signed-in clients. */
export function PaymentRoute() {
  const { jobId } = useParams();
  const location = useLocation();
  const notice = (location.state as PaymentPageState | null)?.notice;
  return (
    <RequireSession>
      <PublicPage title="Payment">
        <PageBanner title="Payment" eyebrow="Your order" />
        <section className="page-section">
          <div className="container payment-layout">
            {notice && (
              <p className="form__success" role="status">
                {notice}
              </p>
            )}
            {jobId ? <JobPayment jobId={jobId} /> : <PaymentForm />}
            <FreeTrialSection />
          </div>
        </section>
      </PublicPage>
    </RequireSession>
  );
}
