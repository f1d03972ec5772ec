import { StaffPage } from '../../../components/staff-layout.tsx';
import { adminLinkGroups } from '../../../features/staff/components/admin-links.ts';
import { StaffDashboard } from '../../../features/staff/components/staff-dashboard.tsx';
import { SetupChecklist } from '../../../features/staff-settings/components/setup-checklist.tsx';
import { NeedsAction } from '../../../features/needs-action/components/needs-action.tsx';
import { ReviewFiguresCard } from '../../../features/studio-overview/components/review-figures-card.tsx';
import { StudioFigures } from '../../../features/studio-overview/components/studio-figures.tsx';

/**
 * `/admin`: the SUPER_ADMIN dashboard. First what needs action now (#40, item 9), then the owner's
 * checklist of what the studio has not set up yet (#40) and the studio's first-time approval
 * (#34); every management page (spec §2, §6) below, under "All pages".
 */
export function AdminDashboardRoute() {
  return (
    <StaffPage title="Admin Dashboard" roles={['SUPER_ADMIN']}>
      <NeedsAction />
      <SetupChecklist />
      <ReviewFiguresCard />
      <StudioFigures />
      <StaffDashboard groups={adminLinkGroups} />
    </StaffPage>
  );
}
