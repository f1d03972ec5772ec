import { StaffPage } from '../../../components/staff-layout.tsx';
import { StaffDashboard } from '../../../features/staff/components/staff-dashboard.tsx';

/** `/manager` (spec §2): Assign Jobs To Editors, Edit Job Details. Super-admins may use it too. */
export function ManagerDashboardRoute() {
  return (
    <StaffPage title="Manager Dashboard" roles={['MANAGER', 'SUPER_ADMIN']}>
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
