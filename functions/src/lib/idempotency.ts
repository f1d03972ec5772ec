import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { idempotencyKeySchema } from '@studio/shared/job';
import { tableDefinition } from '@studio/shared/platform';
import type { RouteName } from '@studio/shared/routes';
import { keyNames, requestIdempotencyKey, tableName } from '../data/keys.ts';
import type { Caller } from './caller.ts';
import { documentClient } from './dynamo.ts';
import { isConditionFailed } from './dynamo-errors.ts';
import { BadRequestError, ConflictError } from './errors.ts';
import { requestTimeOf } from './request-time.ts';

/*
 * `Idempotency-Key` on every POST of the public API (#36; docs/decisions/public-api.md): a caller
 * that sends the same key again (its first request timed out, its process restarted) gets the
 * first answer again instead of a second change. The one rule, as job creation has had since #15:
 *   - the same key with the same request answers what the first answered (a success only: a
 *     refused request changed nothing, so its repeat is simply tried again);
 *   - the same key with another request is a 409;
 *   - the same key while the first is still running is a 409 the caller retries shortly.
 * Keys are per caller (a person, or one API key) and per route, and kept 24 hours. `POST api/jobs`
 * keeps its record in the job's own transaction (data/jobs.ts) and is left to it here.
 */

const keepSeconds = 24 * 60 * 60;
/** Longer than any route runs (API Gateway's 30 s): a lock older than this was left by a crash. */
const lockMs = 60_000;

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;
interface Held {
  key: Record<string, string>;
}
type IdempotencyContext = Context & { state?: { caller: Caller | null; idempotency?: Held } };

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The middleware of a route that `takesIdempotencyKey`. */
export function idempotentPost(name: RouteName): middy.MiddlewareObj<Event, Result, Error, IdempotencyContext> {
  return {
    before: async (request) => {
      const state = request.context.state;
      const caller = state?.caller;
      const header = Object.entries(request.event.headers ?? {}).find(
        ([key]) => key.toLowerCase() === 'idempotency-key',
      );
      if (!state || !caller || !header) return;
      const parsed = idempotencyKeySchema.safeParse(header[1]);
      if (!parsed.success) {
        throw new BadRequestError('The request is not valid.', [
          { path: 'headers.idempotency-key', message: parsed.error.issues[0]!.message },
        ]);
      }
      const subject = caller.apiKey ? `apikey:${caller.apiKey.id}` : `user:${caller.userId}`;
      const key = requestIdempotencyKey(hashOf(subject), name, parsed.data);
      const requestHash = hashOf(`${request.event.rawPath}\n${request.event.body ?? ''}`);
      const now = requestTimeOf(request.event);
      try {
        await documentClient.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...key,
              type: 'RequestIdempotency',
              requestHash,
              state: 'RUNNING',
              lockedUntil: now + lockMs,
              [tableDefinition.ttlAttribute]: Math.ceil(now / 1000) + keepSeconds,
            },
            ConditionExpression: 'attribute_not_exists(#pk) OR (#state = :running AND lockedUntil < :now)',
            ExpressionAttributeNames: { '#pk': keyNames.pk, '#state': 'state' },
            ExpressionAttributeValues: { ':running': 'RUNNING', ':now': now },
          }),
        );
        state.idempotency = { key };
        return;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
      const found = await documentClient.send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      const item = found.Item as { requestHash: string; state: string; response?: Result } | undefined;
      if (item?.requestHash !== requestHash) {
        throw new ConflictError(
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
        );
      }
      if (item.state === 'DONE' && item.response) return item.response;
      throw new ConflictError('A request with this Idempotency-Key is still being processed. Try again in a moment.');
    },
    after: async (request) => {
      const held = request.context.state?.idempotency;
      const response = request.response;
      if (!held || !response) return;
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: held.key,
          UpdateExpression: 'SET #state = :done, #response = :response REMOVE lockedUntil',
          ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
          ExpressionAttributeValues: {
            ':done': 'DONE',
            ':response': { statusCode: response.statusCode, headers: response.headers, body: response.body },
          },
        }),
      );
    },
    onError: async (request) => {
      const held = request.context.state?.idempotency;
      if (!held) return;
      // Refused or failed: nothing was kept, so the same key may be sent again.
      await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: held.key }));
    },
  };
}
