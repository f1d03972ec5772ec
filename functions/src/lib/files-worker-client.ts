import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { FilesTask } from '../workers/files-tasks.ts';
import { config } from './config.ts';
import { clientOptions, lambdaBudget } from './sdk-options.ts';

// Created once per container. Locally AWS_ENDPOINT_URL_LAMBDA points it at the local stack's
// endpoint, which speaks the same Invoke API and runs the worker's handler in-process.
const lambda = new LambdaClient(clientOptions(lambdaBudget));

/**
 * Hands a task to the files worker without waiting for it (`InvocationType: Event`): Lambda queues
 * it, answers 202 at once and retries a failed run twice.
 */
export async function startFilesTask(task: FilesTask): Promise<void> {
  const functionName = config().filesWorkerFunction;
  if (!functionName) throw new Error('FILES_WORKER_FUNCTION is not set for this function');
  const result = await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(task)),
    }),
  );
  if (result.StatusCode !== 202) throw new Error(`the files worker answered ${result.StatusCode}`);
}
