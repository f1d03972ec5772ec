import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryManager } from '../../../features/staff-content/components/gallery-admin.tsx';

export function ManageGalleryRoute() {
  return (
    <StaffPage title="Gallery Items Management" roles={['SUPER_ADMIN']}>
      <GalleryManager />
    </StaffPage>
  );
}
