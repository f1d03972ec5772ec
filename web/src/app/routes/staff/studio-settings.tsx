import { StaffPage } from '../../../components/staff-layout.tsx';
import { StudioSettingsPage } from '../../../features/staff-settings/components/studio-settings.tsx';

/** `/settings` (#16): the studio's legal and bank details, VAT rate, release of delivered files. */
export function StudioSettingsRoute() {
  return (
    <StaffPage title="Studio Settings" roles={['SUPER_ADMIN']}>
      <StudioSettingsPage />
    </StaffPage>
  );
}
