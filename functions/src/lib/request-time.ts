import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

/**
 * When API Gateway received the request (epoch ms, its `requestContext.timeEpoch`), or the
 * container's clock for an event without one. What the abuse limits and the account status cache
 * count with: the local gateway stamps it from the local stack's clock, which a test can move
 * forward instead of waiting (scripts/local/clock.ts).
 */
export function requestTimeOf(event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>): number {
  const stamped = event.requestContext?.timeEpoch;
  return typeof stamped === 'number' && Number.isFinite(stamped) && stamped > 0 ? stamped : Date.now();
}
