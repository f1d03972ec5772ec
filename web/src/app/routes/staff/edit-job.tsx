import { useSearchParams } from 'react-router-dom';
import { jobNeedsKeys, type JobNeedsKey } from '@studio/shared/studio-overview';
import { StaffPage } from '../../../components/staff-layout.tsx';
import { EditJobs } from '../../../features/staff-jobs/components/edit-jobs.tsx';
import { needsListTitles } from '../../../features/staff-jobs/components/needs-lists.ts';
import { JobPageActions } from './staff-page-actions.tsx';

const isNeedsKey = (value: string | null): value is JobNeedsKey =>
  value !== null && (jobNeedsKeys as readonly string[]).includes(value);

/**
 * `/edit-job` (spec §2): job cards with inline progress, refresh. `?needs=<key>` (#40, item 9): the
 * jobs behind one count of "Needs action", titled by their list; the URL holds it, so the
 * dashboard's link and Back work. An unknown `needs` shows every job.
 */
export function EditJobRoute() {
  const [params] = useSearchParams();
  const needs = params.get('needs');
  const list = isNeedsKey(needs) ? needs : undefined;
  return (
    <StaffPage
      title={list ? needsListTitles[list].title : 'Edit Job Details'}
      roles={['MANAGER', 'SUPER_ADMIN']}
      actions={<JobPageActions />}
    >
      <EditJobs key={list ?? 'all'} {...(list ? { needs: list } : {})} />
    </StaffPage>
  );
}
