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
