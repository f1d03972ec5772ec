import { StaffPage } from '../../../components/staff-layout.tsx';
import { ServiceTable } from '../../../features/staff-catalogue/components/service-table.tsx';

export function ServiceTableRoute() {
  return (
    <StaffPage title="Service Table" roles={['SUPER_ADMIN']}>
      <ServiceTable />
    </StaffPage>
  );
}
