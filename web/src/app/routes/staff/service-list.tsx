import { StaffPage } from '../../../components/staff-layout.tsx';
import { ServiceList } from '../../../features/staff-catalogue/components/service-list.tsx';

export function ServiceListRoute() {
  return (
    <StaffPage title="Service List" roles={['SUPER_ADMIN']}>
      <ServiceList />
    </StaffPage>
  );
}
