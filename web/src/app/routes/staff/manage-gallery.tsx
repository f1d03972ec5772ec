import { StaffPage } from '../../../components/staff-layout.tsx';
import { GalleryManager } from '../../../features/staff-content/components/gallery-admin.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function ManageGalleryRoute() {
  return (
    <StaffPage title="Gallery Items Management" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <GalleryManager />
    </StaffPage>
  );
}
