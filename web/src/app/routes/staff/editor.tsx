import { Link } from '../../../components/app-link.tsx';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { EditorJobs } from '../../../features/staff-jobs/components/editor-jobs.tsx';
import { JobPageActions } from './staff-page-actions.tsx';

/** `/editor` (spec §2): the editor's assigned jobs; delivery link and progress. */
export function EditorRoute() {
  return (
    <StaffPage
      title="Your Assigned Jobs"
      roles={['EDITOR']}
      actions={
        <>
          <JobPageActions />
          <Link className="button button--secondary" to={paths.emailSettings}>
            E-mail settings
          </Link>
        </>
      }
    >
      <EditorJobs />
    </StaffPage>
  );
}
