import { StaffPage } from '../../../components/staff-layout.tsx';
import { EditorJobs } from '../../../features/staff-jobs/components/editor-jobs.tsx';
import { JobPageActions } from './staff-page-actions.tsx';

/** `/editor` (spec §2): the editor's assigned jobs; delivery link and progress. */
export function EditorRoute() {
  return (
    <StaffPage title="Your Assigned Jobs" roles={['EDITOR']} actions={<JobPageActions />}>
      <EditorJobs />
    </StaffPage>
  );
}
