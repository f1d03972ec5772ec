import { StaffPage } from '../../../components/staff-layout.tsx';
import { adminLinkGroups } from '../../../features/staff/components/admin-links.ts';
import { StaffDashboard } from '../../../features/staff/components/staff-dashboard.tsx';
import { SetupChecklist } from '../../../features/staff-settings/components/setup-checklist.tsx';
import { StudioFigures } from '../../../features/studio-overview/components/studio-figures.tsx';
import { ReviewFiguresCard } from '../../../features/studio-overview/components/review-figures-card.tsx';

/**
 * `/admin`: the SUPER_ADMIN dashboard, buttons to every management page (spec §2, §6), under the
 * owner's checklist of what the studio has not set up yet (#40), and the studio's first-time
 * approval (#34).
 */
export function AdminDashboardRoute() {
  return (
    <StaffPage title="Admin Dashboard" roles={['SUPER_ADMIN']}>
      <SetupChecklist />
      <StaffDashboard groups={adminLinkGroups} />
      <ReviewFiguresCard />
      <StudioFigures />
    </StaffPage>
  );
}
