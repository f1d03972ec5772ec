import { StaffPage } from '../../../components/staff-layout.tsx';
import { AddServiceForm } from '../../../features/staff-catalogue/components/service-form.tsx';

export function AddServiceRoute() {
  return (
    <StaffPage title="Add Service" roles={['SUPER_ADMIN']}>
      <AddServiceForm />
    </StaffPage>
  );
}
