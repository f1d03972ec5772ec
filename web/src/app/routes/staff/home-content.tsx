import { StaffPage } from '../../../components/staff-layout.tsx';
import { HomeContentManager } from '../../../features/staff-home-content/components/home-content.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function HomeContentRoute() {
  return (
    <StaffPage title="Home Page Content" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <HomeContentManager />
    </StaffPage>
  );
}
