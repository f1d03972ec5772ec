import { useNavigate, useParams } from 'react-router-dom';
import { Link } from '../../components/app-link.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { PageState } from '../../components/page-state.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { usePaymentTerms } from '../../features/jobs/api/get-payment-terms.ts';
import { PaymentDue } from '../../features/jobs/components/payment-due.tsx';
import { QuoteForm } from '../../features/jobs/components/quote-form.tsx';
import { pickedOf, usePickedOrganisation } from '../../features/jobs/components/organisation-picker.tsx';
import { roleMay } from '@studio/shared/organisation';
import { useService } from '../../features/services/api/get-service.ts';
import { useSpecs } from '../../features/specs/api/list-specs.ts';
import { SpecPicker } from '../../features/specs/components/spec-picker.tsx';

/** What the payment page shows after a job was created (instead of the old site's alert). */
export interface PaymentPageState {
  notice?: string;
}

export const jobCreatedNotice = 'Your job has been created. Choose how you would like to pay.';

function QuotePage({ serviceId }: { serviceId: string }) {
  const navigate = useNavigate();
  const query = useService(serviceId);
  const service = query.data;
  // #35: "Order for" offers the organisations where the client may order, the picked one first chosen.
  const { query: organisationsQuery, organisations, picked } = usePickedOrganisation();
  const orderable = organisations.filter((organisation) => roleMay(organisation.role, 'order'));
  const initial = pickedOf(orderable, picked?.id ?? null);
  // When payment is due is said above the form, and "Order for" and "Use a spec" head it: the
  // form waits for them (or for their failure), so that it does not move down under the client's
  // first click. The specs are those of the organisation the form starts with.
  const terms = usePaymentTerms();
  const specs = useSpecs(initial?.id ?? null);
  const page = {
    data: query.data,
    isError: query.isError,
    error: query.error,
    isPending: query.isPending || terms.isPending || organisationsQuery.isPending || specs.isLoading,
  };
  return (
    <PublicPage title={service ? `Quote: ${service.name}` : 'Service quote'}>
      <PageBanner title={service ? `Get a quote: ${service.name}` : 'Get a quote'} eyebrow="Service quote" />
      <section className="page-section">
        <div className="container quote-layout">
          <PageState
            query={page}
            failed={(error) => `Failed to fetch service and subservices: ${(error as Error).message}`}
          >
            {(service) => (
              <>
                <p>
                  {service.description} <Link to={paths.serviceDetail(service.id)}>See examples</Link>
                </p>
                <PaymentDue className="quote-layout__due" />
                <QuoteForm
                  orderFor={initial ? { organisations: orderable, initial: initial.id } : undefined}
                  serviceId={service.id}
                  subServices={[...service.subServices].sort((a, b) => a.order - b.order)}
                  turnarounds={service.turnarounds}
                  volumeTiers={service.volumeTiers}
                  specChoice={({ organisationId, specId, onChange }) => (
                    <SpecPicker organisationId={organisationId} service={service} specId={specId} onChange={onChange} />
                  )}
                  onCreated={(job) => {
                    const state: PaymentPageState = { notice: jobCreatedNotice };
                    void navigate(paths.payment(job.id), { state });
                  }}
                />
              </>
            )}
          </PageState>
        </div>
      </section>
    </PublicPage>
  );
}

/** `/service-quote/{serviceId}`: signed-out visitors sign in first and come back here. */
export function ServiceQuoteRoute() {
  const { serviceId = '' } = useParams();
  return (
    <RequireSession>
      <QuotePage key={serviceId} serviceId={serviceId} />
    </RequireSession>
  );
}
