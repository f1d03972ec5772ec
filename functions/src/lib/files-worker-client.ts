import type { FilesTask } from '../workers/files-tasks.ts';
import type { PreviewTask } from '../workers/preview-tasks.ts';
import { config } from './config.ts';
import { lazy } from './lazy.ts';
import { traced } from './observability.ts';
import { clientOptions, lambdaBudget } from './sdk-options.ts';

/*
 * Lambda's client, loaded with the first task a container hands over rather than at start: of the
 * groups that start the workers, only a few routes do (an order, a "Download all", a confirmation).
 */
const lambda = lazy(async () => {
  const sdk = await import('@aws-sdk/client-lambda');
  return { client: traced(new sdk.LambdaClient(clientOptions(lambdaBudget))), InvokeCommand: sdk.InvokeCommand };
});

/**
 * Hands a task to a background function without waiting for it (`InvocationType: Event`): Lambda
 * queues it, answers 202 at once and retries a failed run twice. Locally AWS_ENDPOINT_URL_LAMBDA
 * points the client at the local stack's endpoint, which speaks the same Invoke API and runs the
 * worker's handler in-process.
 */
async function invokeEvent(functionName: string | undefined, variable: string, task: unknown): Promise<void> {
  if (!functionName) throw new Error(`${variable} is not set for this function`);
  const { client, InvokeCommand } = await lambda();
  const answer = await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(task)),
    }),
  );
  if (answer.StatusCode !== 202) throw new Error(`${functionName} answered ${answer.StatusCode}`);
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
