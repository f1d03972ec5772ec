import { StaffPage } from '../../../components/staff-layout.tsx';
import { ServiceImagesManager } from '../../../features/staff-showcase/components/service-images-manager.tsx';

export function ManageServiceImagesRoute() {
  return (
    <StaffPage title="Service Images Manager" roles={['SUPER_ADMIN']}>
      <ServiceImagesManager />
    </StaffPage>
  );
}
