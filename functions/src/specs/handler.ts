import { specsRoutes } from '@studio/shared/routes/specs';
import { findAccount } from '../data/account-lookup.ts';
import {
  copyHouseSpec,
  createHouseReferenceUploadLink,
  createHouseSpec,
  createReferenceUploadLink,
  createSpec,
  deleteHouseSpec,
  deleteSpec,
  getSpec,
  listHouseSpecs,
  listSpecs,
  readSpecVersion,
  updateHouseSpec,
  updateSpec,
  type SpecAuthor,
} from '../data/style-specs.ts';
import { readableJob } from '../job-files/access.ts';
import type { Caller } from '../lib/caller.ts';
import { NotFoundError } from '../lib/errors.ts';
import { createGroupHandler } from '../lib/http.ts';

/**
 * Style specs (#35): an organisation's specs and their versions, the studio's house specs, and the
 * version a job was ordered with (docs/decisions/style-specs.md).
 */

/** The saver of a version, named as its account is now. */
async function author(caller: Caller): Promise<SpecAuthor> {
  const account = await findAccount(caller.userId);
  return { accountId: caller.userId, name: account?.name || account?.email || '' };
}

const noJobSpec = () => new NotFoundError('This job was ordered without a spec.');

export const handler = createGroupHandler(specsRoutes, {
  createSpec: async ({ params, body, caller }) => ({ spec: await createSpec(await author(caller!), params.id, body) }),
  listSpecs: async ({ params, caller }) => ({ specs: await listSpecs(caller!.userId, params.id) }),
  getSpec: async ({ params, query, caller }) => ({
    spec: await getSpec(caller!.userId, params.id, params.specId, query.version),
  }),
  updateSpec: async ({ params, body, caller }) => ({
    spec: await updateSpec(await author(caller!), params.id, params.specId, body),
  }),
  deleteSpec: async ({ params, caller }) => ({ spec: await deleteSpec(caller!.userId, params.id, params.specId) }),
  createReferenceUploadLink: async ({ params, body, caller }) =>
    createReferenceUploadLink(caller!.userId, params.id, body),
  copyHouseSpec: async ({ params, caller }) => ({
    spec: await copyHouseSpec(await author(caller!), params.id, params.houseSpecId),
  }),
  listHouseSpecs: async () => ({ specs: await listHouseSpecs() }),
  createHouseSpec: async ({ body, caller }) => ({ spec: await createHouseSpec(await author(caller!), body) }),
  updateHouseSpec: async ({ params, body, caller }) => ({
    spec: await updateHouseSpec(await author(caller!), params.specId, body),
  }),
  deleteHouseSpec: async ({ params }) => ({ spec: await deleteHouseSpec(params.specId) }),
  createHouseReferenceUploadLink: async ({ body }) => createHouseReferenceUploadLink(body),
  getJobSpec: async ({ params, caller }) => {
    // Whoever may read the job's files reads its spec (the assigned editor, QC, its members).
    const job = await readableJob(caller!, params.id);
    if (!job.spec || !job.organisationId) throw noJobSpec();
    const spec = await readSpecVersion(job.organisationId, job.spec.id, job.spec.version);
    if (!spec) throw noJobSpec();
    return { spec };
  },
});
