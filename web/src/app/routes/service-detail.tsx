import { useParams } from 'react-router-dom';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { ServiceGallery } from '../../features/gallery/components/service-gallery.tsx';
import { ServiceDetail } from '../../features/services/components/service-detail.tsx';
import '../layout/public-page.css';

export function ServiceDetailRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <SiteHeader />
      <main>
        <ServiceDetail
          key={id}
          serviceId={id}
          gallery={(name) => <ServiceGallery serviceId={id} serviceName={name} />}
        />
      </main>
      <SiteFooter />
    </>
  );
}
