import type { FilesTask } from '../workers/files-tasks.ts';
import { awsError, awsFetch } from './aws-fetch.ts';
import { config } from './config.ts';
import { lambdaBudget } from './sdk-options.ts';

/**
 * Hands a task to the files worker without waiting for it (`InvocationType: Event`): Lambda queues
 * it, answers 202 at once and retries a failed run twice. Lambda's Invoke API is called as a signed
 * `fetch` (lib/aws-fetch.ts) rather than through the SDK's Lambda client, which cost the two groups
 * that start the worker 30 KB each. Locally AWS_ENDPOINT_URL_LAMBDA points it at the local stack's
 * endpoint, which speaks the same Invoke API and runs the worker's handler in-process.
 */
export async function startFilesTask(task: FilesTask): Promise<void> {
  const functionName = config().filesWorkerFunction;
  if (!functionName) throw new Error('FILES_WORKER_FUNCTION is not set for this function');
  const response = await awsFetch({
    service: 'lambda',
    endpointId: 'LAMBDA',
    path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
    headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
    body: JSON.stringify(task),
    budget: lambdaBudget,
  });
  if (response.status >= 300) throw await awsError('lambda', response);
  await response.body?.cancel();
  if (response.status !== 202) throw new Error(`the files worker answered ${response.status}`);
}
