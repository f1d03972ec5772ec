import { StaffPage } from '../../../components/staff-layout.tsx';
import { useStaffServices } from '../../../features/staff-content/api/catalogue.ts';
import { SubServiceForm } from '../../../features/staff-content/components/service-forms.tsx';
import { QueryState } from '../../../features/staff-content/components/staff-widgets.tsx';

function AddSubService() {
  const services = useStaffServices();
  return (
    <div className="staff-card">
      <QueryState isPending={services.isPending} error={services.error} retry={() => void services.refetch()} />
      {services.isSuccess && <SubServiceForm services={services.data} />}
    </div>
  );
}

export function AddSubServiceRoute() {
  return (
    <StaffPage title="Add Subservice" roles={['SUPER_ADMIN']}>
      <AddSubService />
    </StaffPage>
  );
}
