import { StaffPage } from '../../../components/staff-layout.tsx';
import { HomeContentManager } from '../../../features/staff-home-content/components/home-content.tsx';

export function HomeContentRoute() {
  return (
    <StaffPage title="Home Page Content" roles={['SUPER_ADMIN']}>
      <HomeContentManager />
    </StaffPage>
  );
}
