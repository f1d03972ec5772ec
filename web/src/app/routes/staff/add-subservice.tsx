import { StaffPage } from '../../../components/staff-layout.tsx';
import { AddSubService } from '../../../features/staff-catalogue/components/add-sub-service.tsx';

export function AddSubServiceRoute() {
  return (
    <StaffPage title="Add Subservice" roles={['SUPER_ADMIN']}>
      <AddSubService />
    </StaffPage>
  );
}
