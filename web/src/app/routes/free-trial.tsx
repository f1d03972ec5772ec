import { useState } from 'react';
import { brandNames, Marquee } from '../../components/marquee.tsx';
import { ClaimsSection } from '../../components/claims-section.tsx';
import { PageState } from '../../components/page-state.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { featureClaims } from '../../features/home/components/simple-sections.tsx';
import { FreeTrialForm, freeTrialPageSuccess } from '../../features/leads/components/free-trial-form.tsx';
import { useServices } from '../../features/services/api/get-services.ts';

export function FreeTrialRoute() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <PublicPage title="Free Trial">
      <PageBanner title="Get 1 photo editing service for FREE" eyebrow="Free trial">
        <p>
          Send us one photo and tell us what you need. We edit it free of charge so you can judge the quality before you
          order. Photo editing samples only: embroidery digitizing and raster-to-vector work are not accepted.
        </p>
      </PageBanner>
      <section className="page-section">
        <div className="container">
          {submitted && (
            <p className="page-state" role="status">
              {freeTrialPageSuccess}
            </p>
          )}
          <PageState query={useServices()} failed="Failed to load services">
            {(services) => (
              <FreeTrialForm
                services={services.map((s) => ({ id: s.id, name: s.name }))}
                onSubmitted={() => setSubmitted(true)}
              />
            )}
          </PageState>
        </div>
      </section>
      <ClaimsSection heading="Why choose us" claims={featureClaims} />
      <Marquee items={brandNames} label="Brands we work with" />
    </PublicPage>
  );
}
