import { StaffPage } from '../../../components/staff-layout.tsx';
import { adminLinkGroups } from '../../../features/staff/components/admin-links.ts';
import { StaffDashboard } from '../../../features/staff/components/staff-dashboard.tsx';

/** `/admin`: the SUPER_ADMIN dashboard, buttons to every management page (spec §2, §6). */
export function AdminDashboardRoute() {
  return (
    <StaffPage title="Admin Dashboard" roles={['SUPER_ADMIN']}>
      <StaffDashboard groups={adminLinkGroups} />
    </StaffPage>
  );
}
