import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from './observability.ts';
import { clientOptions, dynamoBudget } from './sdk-options.ts';

// Created once per container, outside any handler, so warm invocations reuse connections. Each
// AWS client has its own module so that a group's bundle holds only the clients it uses.
// Bounded in time (sdk-options.ts): a frozen or unreachable table fails the request in about 2 s.
const dynamo = traced(new DynamoDBClient(clientOptions(dynamoBudget)));

/** Document client for the one table; undefined attributes are dropped rather than refused. */
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * The same table without the SDK's retries, for the one write that must not be sent twice: the
 * ADD of a yearly counter, which a retry after a lost answer would apply again (yearly-numbers.ts
 * claims a number another way when this call fails). One attempt, as long as the two of the
 * client above.
 */
export const singleAttemptDocumentClient = DynamoDBDocumentClient.from(
  traced(
    new DynamoDBClient(
      clientOptions({ ...dynamoBudget, maxAttempts: 1, requestTimeoutMs: 2 * dynamoBudget.requestTimeoutMs }),
    ),
  ),
);
