import { listJobsOfClient } from '../data/jobs.ts';
import { unfinishedStatuses } from '../data/job-workflow.ts';
import { deleteAccount, findAccount, staffRoleOf } from '../data/staff-accounts.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `DELETE api/users/{id}` (SUPER_ADMIN): a client account only (staff are deleted through
 * `DELETE api/admin/{id}`). Refused while the client has unfinished jobs; otherwise the account is
 * deleted and its finished and cancelled jobs stay, with their `clientId`, in the job lists and
 * reports (docs/decisions/staff-accounts-and-job-workflow.md, "Deleting a client").
 */
export const deleteClientRoute: RouteImpl<'deleteClient'> = async ({ params }) => {
  const account = await findAccount(params.id);
  if (!account || account.id !== params.id || (await staffRoleOf(account.username)) !== null) {
    throw new NotFoundError('There is no client account with this id.');
  }
  const unfinished = (await listJobsOfClient(account.id)).filter((job) => unfinishedStatuses.includes(job.status));
  if (unfinished.length > 0) {
    throw new ConflictError(
      `This client has ${unfinished.length} unfinished job(s). Complete or cancel them before deleting the account.`,
    );
  }
  await deleteAccount(account);
  return { message: 'Client account deleted; their past jobs are kept.', id: account.id };
};
