import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../components/app-link.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { JobPayment } from '../../features/jobs/components/job-payment.tsx';
import { PaymentForm } from '../../features/jobs/components/payment-form.tsx';
import type { PaymentPageState } from './service-quote.tsx';

function FreeTrialSection() {
  // The spec shows the free-trial form here too; one form lives at /free-trial (docs/decisions/client-accounts-and-ordering.md).
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

/** `/payment/{jobId}` (with the job) and `/payment` (the form alone), for signed-in clients. */
export function PaymentRoute() {
  const { jobId } = useParams();
  const location = useLocation();
  const notice = (location.state as PaymentPageState | null)?.notice;
  // Where Stripe Checkout sends the client back (functions/src/payments/start-checkout.ts).
  const [search] = useSearchParams();
  const returned = search.get('checkout');
  const checkout = returned === 'success' || returned === 'cancelled' ? returned : null;
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
            {jobId ? (
              <JobPayment jobId={jobId} checkout={checkout} unpaidExtra={<FreeTrialSection />} />
            ) : (
              <>
                <PaymentForm />
                <FreeTrialSection />
              </>
            )}
          </div>
        </section>
      </PublicPage>
    </RequireSession>
  );
}
