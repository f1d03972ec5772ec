import type { FilesTask } from '../workers/files-tasks.ts';
import { config } from './config.ts';
import { lazy } from './lazy.ts';
import { traced } from './observability.ts';
import { clientOptions, lambdaBudget } from './sdk-options.ts';

/*
 * Lambda's client, loaded with the first task a container hands over rather than at start: of the
 * two groups that start the worker, only a few routes do (an order, a "Download all").
 */
const lambda = lazy(async () => {
  const sdk = await import('@aws-sdk/client-lambda');
  return { client: traced(new sdk.LambdaClient(clientOptions(lambdaBudget))), InvokeCommand: sdk.InvokeCommand };
});

/**
 * Hands a task to the files worker without waiting for it (`InvocationType: Event`): Lambda queues
 * it, answers 202 at once and retries a failed run twice. Locally AWS_ENDPOINT_URL_LAMBDA points
 * the client at the local stack's endpoint, which speaks the same Invoke API and runs the worker's
 * handler in-process.
 */
export async function startFilesTask(task: FilesTask): Promise<void> {
  const functionName = config().filesWorkerFunction;
  if (!functionName) throw new Error('FILES_WORKER_FUNCTION is not set for this function');
  const { client, InvokeCommand } = await lambda();
  const answer = await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(task)),
    }),
  );
  if (answer.StatusCode !== 202) throw new Error(`the files worker answered ${answer.StatusCode}`);
}
