import { StaffPage } from '../../../components/staff-layout.tsx';
import { QcBoard } from '../../../features/job-images/components/qc-board.tsx';

/** `/qc` (issue 33): delivered images waiting for a MANAGER's or SUPER_ADMIN's check. */
export function QcRoute() {
  return (
    <StaffPage title="QC" roles={['MANAGER', 'SUPER_ADMIN']}>
      <QcBoard />
    </StaffPage>
  );
}
