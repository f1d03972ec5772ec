import type { JobSpecRef } from '@studio/shared/job';
import type { Service } from '@studio/shared/service';
import { QueryState } from '../../../components/query-state.tsx';
import { useJobSpec } from '../api/get-job-spec.ts';
import { SpecDetails } from './spec-details.tsx';
import './specs.css';

/**
 * "Spec: <name> · version N" on a client's job (#35) and that version's details, read through the
 * job (`GET api/jobs/{id}/spec`): the version it was ordered with, for ever, also after the spec
 * was edited or deleted.
 */
export function JobSpec({ jobId, spec, services }: { jobId: string; spec: JobSpecRef; services: readonly Service[] }) {
  const details = useJobSpec(jobId, true);
  return (
    <section className="job-page__section job-spec" aria-labelledby="job-spec">
      <h2 id="job-spec">
        Spec: {spec.name} · version {spec.version}
      </h2>
      <QueryState query={details} loading="Loading the spec..." error="The spec could not be loaded.">
        {(version) => <SpecDetails spec={version} services={services} />}
      </QueryState>
    </section>
  );
}
