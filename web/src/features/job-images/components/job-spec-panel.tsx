import type { ReactNode } from 'react';
import type { StyleSpec } from '@studio/shared/style-spec';
import { QueryState } from '../../../components/query-state.tsx';
import { useJobSpec } from '../api/get-job-spec.ts';
import type { Caller } from '../api/call-api.ts';

/**
 * The spec a job was ordered with, beside each of its images for the editor and QC (#35): its name
 * and version, then `details` (the page gives the specs feature's read-only view of its settings
 * and reference images). Nothing when the job has no spec.
 */
export function JobSpecPanel({
  caller,
  jobId,
  details,
}: {
  caller: Caller;
  jobId: string;
  details: (spec: StyleSpec) => ReactNode;
}) {
  const spec = useJobSpec(caller, jobId);
  if (spec.isSuccess && spec.data === null) return null;
  return (
    <aside className="job-spec-panel" aria-label="Style spec">
      <QueryState query={spec} loading="Loading the spec..." error="Failed to load the spec." isEmpty={() => false}>
        {(data) =>
          data && (
            <>
              <h3 className="job-spec-panel__title">
                Spec: {data.name} · version {data.version}
              </h3>
              {data.deleted && <p className="form__hint">This spec was deleted since; the job keeps this version.</p>}
              {details(data)}
            </>
          )
        }
      </QueryState>
    </aside>
  );
}
