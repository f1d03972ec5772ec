import type { Job } from '@studio/shared/job';
import { Field, FormAlert } from '../../../components/form-field.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState, type QueryStateSource } from '../../../components/query-state.tsx';
import { refusalReason } from '../../../lib/api-error-text.ts';
import { checkFieldsText, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAssignJob } from '../api/assign-job.ts';
import { useEditors, type Editor } from '../api/list-editors.ts';
import { useJobPages } from '../api/list-jobs.ts';
import { assignPageColumns } from './job-columns.tsx';
import { JobCard, JobCardList } from './job-card.tsx';
import { assignFormSchema } from './job-form-schemas.ts';
import { assignMessages } from './job-messages.ts';
import '../../../components/form.css';
import './staff-jobs.css';

/** The editor choice of one card; on success the job leaves the list and the page says so. */
function AssignForm({ job, editors, onAssigned }: { job: Job; editors: Editor[]; onAssigned: () => void }) {
  const assign = useAssignJob();
  const form = useSchemaForm({ schema: assignFormSchema, initialValues: { editorId: '' } });
  return (
    <form
      className="staff-job__form"
      noValidate
      onSubmit={form.handleSubmit(
        async (body) => {
          await assign.mutateAsync({ id: job.id, body });
          onAssigned();
        },
        { failureText: assignMessages.failed, errorOptions: refusalReason },
      )}
    >
      {/* One field: its own message says what is wrong, without the form-level summary. */}
      {form.formError && form.formError !== checkFieldsText && <FormAlert>{form.formError}</FormAlert>}
      <div className="staff-job__row">
        <Field label="Editor" error={form.errors.editorId}>
          {(control) => (
            <select {...control} {...form.control('editorId')}>
              <option value="">Choose an editor</option>
              {editors.map((editor) => (
                <option key={editor.id} value={editor.id}>
                  {editor.username || editor.email} ({editor.email})
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={form.submitting}>
          {form.submitting ? 'Assigning...' : 'Assign'}
        </button>
      </div>
    </form>
  );
}

/** `/assign-job`: unassigned jobs (cancelled ones left out), each with a choice among the editors. */
export function AssignJobs() {
  const jobs = useJobPages({ unassigned: true, search: '' });
  const editors = useEditors();
  const { notice, show, dismiss } = useTimedNotice();
  // The page needs both lists: one state for the two (the spec's one text when either fails).
  const both: QueryStateSource<{ jobs: Job[]; editors: Editor[] }> = {
    data:
      jobs.data && editors.data
        ? { jobs: jobs.data.pages.flatMap((page) => page.jobs), editors: editors.data }
        : undefined,
    error: jobs.error ?? editors.error,
    isError: jobs.isError || editors.isError,
    isFetchNextPageError: jobs.isFetchNextPageError,
    refetch: () => Promise.all([jobs.refetch(), editors.refetch()]),
  };
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} toast />
      <QueryState
        query={both}
        loading="Loading jobs..."
        error={assignMessages.loadFailed}
        isEmpty={(data) => data.jobs.length === 0}
        empty={assignMessages.empty}
      >
        {(data) => (
          <>
            {data.editors.length === 0 && (
              <FormAlert>
                There are no active editors to assign to. A super-admin can invite one on the Users page.
              </FormAlert>
            )}
            <JobCardList label="Unassigned jobs" jobs={data.jobs}>
              {(job) => (
                <JobCard key={job.id} job={job} columns={assignPageColumns} idPrefix="assign">
                  <AssignForm
                    job={job}
                    editors={data.editors}
                    onAssigned={() => show({ kind: 'success', text: assignMessages.assigned })}
                  />
                </JobCard>
              )}
            </JobCardList>
          </>
        )}
      </QueryState>
      <LoadMore query={jobs} label="Load more jobs" />
    </>
  );
}
