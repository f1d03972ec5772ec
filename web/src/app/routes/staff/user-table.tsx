import { StaffPage } from '../../../components/staff-layout.tsx';
import { UserTable } from '../../../features/staff-users/components/user-table.tsx';

/** `/user-table` (spec §2, linked from the admin pages): clients and staff. */
export function UserTableRoute() {
  return (
    <StaffPage title="Users" roles={['SUPER_ADMIN']}>
      <UserTable />
    </StaffPage>
  );
}
