import type { FilesTask } from '../workers/files-tasks.ts';
import type { PreviewTask } from '../workers/preview-tasks.ts';
import { awsError, awsFetch } from './aws-fetch.ts';
import { config } from './config.ts';
import { lambdaBudget } from './sdk-options.ts';

/**
 * Hands a task to a background function without waiting for it (`InvocationType: Event`): Lambda
 * queues it, answers 202 at once and retries a failed run twice. Lambda's Invoke API is called as a
 * signed `fetch` (lib/aws-fetch.ts) rather than through the SDK's Lambda client, which cost the
 * groups that start the workers 30 KB each. Locally AWS_ENDPOINT_URL_LAMBDA points it at the local
 * stack's endpoint, which speaks the same Invoke API and runs the worker's handler in-process.
 */
async function invokeEvent(functionName: string | undefined, variable: string, task: unknown): Promise<void> {
  if (!functionName) throw new Error(`${variable} is not set for this function`);
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
  if (response.status !== 202) throw new Error(`${functionName} answered ${response.status}`);
}

/**
 * Starts a task of the files worker (archives, keeping photos, migrating a job); the worker itself
 * names its own function (from its context) to start a run per archive volume.
 */
export function startFilesTask(task: FilesTask, functionName = config().filesWorkerFunction): Promise<void> {
  return invokeEvent(functionName, 'FILES_WORKER_FUNCTION', task);
}

/** Asks the preview worker (#33) for the previews of confirmed photos or finished files. */
export function startPreviewTask(task: PreviewTask): Promise<void> {
  return invokeEvent(config().previewWorkerFunction, 'PREVIEW_WORKER_FUNCTION', task);
}
