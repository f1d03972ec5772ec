import { StaffPage } from '../../../components/staff-layout.tsx';
import { UploadImageForm } from '../../../features/staff-catalogue/components/upload-image-form.tsx';

export function UploadImageRoute() {
  return (
    <StaffPage title="Upload Image" roles={['SUPER_ADMIN']}>
      <UploadImageForm />
    </StaffPage>
  );
}
