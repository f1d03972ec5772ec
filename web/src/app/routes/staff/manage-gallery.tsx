import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryManager } from '../../../features/staff-showcase/components/gallery-manager.tsx';

export function ManageGalleryRoute() {
  return (
    <StaffPage title="Gallery Items Management" roles={['SUPER_ADMIN']}>
      <GalleryManager />
    </StaffPage>
  );
}
