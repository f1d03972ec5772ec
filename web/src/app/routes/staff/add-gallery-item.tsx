import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryShowcaseForm } from '../../../features/staff-content/components/gallery-admin.tsx';

export function AddGalleryItemRoute() {
  return (
    <StaffPage title="Add Gallery Showcase" roles={['SUPER_ADMIN']}>
      <GalleryShowcaseForm />
    </StaffPage>
  );
}
