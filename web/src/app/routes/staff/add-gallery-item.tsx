import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryShowcaseForm } from '../../../features/staff-showcase/components/gallery-showcase-form.tsx';

export function AddGalleryItemRoute() {
  return (
    <StaffPage title="Add Gallery Showcase" roles={['SUPER_ADMIN']}>
      <GalleryShowcaseForm />
    </StaffPage>
  );
}
