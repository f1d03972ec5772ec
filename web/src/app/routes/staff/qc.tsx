import { StaffPage } from '../../../components/staff-layout.tsx';
import { QcBoard } from '../../../features/job-images/components/qc-board.tsx';
import { SpecDetails } from '../../../features/specs/components/spec-details.tsx';

/** `/qc` (issue 33): delivered images waiting for a MANAGER's or SUPER_ADMIN's check, each beside its job's spec (#35). */
export function QcRoute() {
  return (
    <StaffPage title="QC" roles={['MANAGER', 'SUPER_ADMIN']}>
      <QcBoard specDetails={(spec) => <SpecDetails spec={spec} />} />
    </StaffPage>
  );
}
