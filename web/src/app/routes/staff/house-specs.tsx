import { StaffPage } from '../../../components/staff-layout.tsx';
import { useServices } from '../../../features/services/api/get-services.ts';
import { HouseSpecsManager } from '../../../features/specs/components/house-specs-manager.tsx';

function HouseSpecsPage() {
  const services = useServices();
  return <HouseSpecsManager services={services.data ?? []} />;
}

/** `/house-specs` (#35, SUPER_ADMIN): the studio's specs clients start from. */
export function HouseSpecsRoute() {
  return (
    <StaffPage title="House Specs" roles={['SUPER_ADMIN']}>
      <HouseSpecsPage />
    </StaffPage>
  );
}
