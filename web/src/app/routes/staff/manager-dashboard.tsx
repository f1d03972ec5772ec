import { StaffPage } from '../../../components/staff-layout.tsx';
import { StaffDashboard } from '../../../features/staff/components/staff-dashboard.tsx';
import { DueBoard } from '../../../features/staff-jobs/components/due-board.tsx';
import { NeedsAction } from '../../../features/needs-action/components/needs-action.tsx';
import { ReviewFiguresCard } from '../../../features/studio-overview/components/review-figures-card.tsx';
import { StudioFigures } from '../../../features/studio-overview/components/studio-figures.tsx';

/**
 * `/manager` (spec §2): first what needs action now (#40, item 9), then (#17) the open jobs by due
 * time and (#34) the studio's first-time approval; every page (Assign Jobs To Editors, Edit Job
 * Details, ...) below, under "All pages". Super-admins may use it too.
 */
export function ManagerDashboardRoute() {
  return (
    <StaffPage title="Manager Dashboard" roles={['MANAGER', 'SUPER_ADMIN']}>
      <NeedsAction />
      <DueBoard />
      <ReviewFiguresCard />
      <StudioFigures />
      <StaffDashboard
        groups={[
          {
            heading: 'Jobs',
            links: [
              {
                path: '/assign-job',
                label: 'Assign Jobs To Editors',
                description: 'Unassigned jobs: choose an editor for each.',
              },
              { path: '/edit-job', label: 'Edit Job Details', description: 'Progress, instructions, cancellation.' },
              {
                path: '/qc',
                label: 'QC',
                description: 'Delivered images waiting for a check, oldest first: pass, or fail with a note.',
              },
            ],
          },
          {
            heading: 'E-mail',
            links: [
              {
                path: '/email-settings',
                label: 'E-mail Notifications',
                description: 'Your own e-mails, and the e-mails that could not be delivered.',
              },
            ],
          },
        ]}
      />
    </StaffPage>
  );
}
