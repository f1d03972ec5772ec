import { StaffPage } from '../../../components/staff-layout.tsx';
import { ServiceList } from '../../../features/staff-content/components/service-table.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function ServiceListRoute() {
  return (
    <StaffPage title="Service List" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <ServiceList />
    </StaffPage>
  );
}
