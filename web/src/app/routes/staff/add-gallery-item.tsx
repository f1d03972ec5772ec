import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryShowcaseForm } from '../../../features/staff-showcase/components/gallery-showcase-form.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function AddGalleryItemRoute() {
  return (
    <StaffPage title="Add Gallery Showcase" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <GalleryShowcaseForm />
    </StaffPage>
  );
}
