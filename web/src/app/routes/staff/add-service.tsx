import { StaffPage } from '../../../components/staff-layout.tsx';
import { AddServiceForm } from '../../../features/staff-catalogue/components/service-form.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function AddServiceRoute() {
  return (
    <StaffPage title="Add Service" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <AddServiceForm />
    </StaffPage>
  );
}
