import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from './observability.ts';
import { clientOptions, dynamoBudget } from './sdk-options.ts';

/**
 * The table without the SDK's retries, for the one write that must not be sent twice: the ADD of
 * a yearly counter, which a retry after a lost answer would apply again (data/yearly-numbers.ts
 * claims a number another way when this call fails). One attempt, as long as the two of the
 * table's usual client (dynamo.ts). A module of its own: only the functions that take numbers
 * make this client when they start.
 */
export const singleAttemptDocumentClient = DynamoDBDocumentClient.from(
  traced(
    new DynamoDBClient(
      clientOptions({ ...dynamoBudget, maxAttempts: 1, requestTimeoutMs: 2 * dynamoBudget.requestTimeoutMs }),
    ),
  ),
);
