import { StaffPage } from '../../../components/staff-layout.tsx';
import { StudioSettingsPage } from '../../../features/staff-settings/components/studio-settings.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function StudioSettingsRoute() {
  return (
    <StaffPage title="Studio Settings" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <StudioSettingsPage />
    </StaffPage>
  );
}
