import { StaffPage } from '../../../components/staff-layout.tsx';
import { UploadImageForm } from '../../../features/staff-catalogue/components/upload-image-form.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function UploadImageRoute() {
  return (
    <StaffPage title="Upload Image" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <UploadImageForm />
    </StaffPage>
  );
}
