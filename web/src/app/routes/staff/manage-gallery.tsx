import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryManager } from '../../../features/staff-showcase/components/gallery-manager.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function ManageGalleryRoute() {
  return (
    <StaffPage title="Gallery Items Management" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <GalleryManager />
    </StaffPage>
  );
}
