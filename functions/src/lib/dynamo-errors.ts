/*
 * What a failed DynamoDB write means, read from the error alone. Pure (no client), so the error
 * middleware can classify errors without loading the SDK, and tests can use fabricated errors.
 */

function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

// Errors of a dependency that is slow, down or throttling, rather than of the request itself.
const unavailableNames = new Set([
  'TimeoutError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'SlowDown',
]);
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Whether a failed AWS call means the service is unavailable for now (timed out, refused the
 * connection, throttled, answered 5xx) rather than refusing this request: answered 503.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, $metadata } = error as { code?: unknown; $metadata?: { httpStatusCode?: number } };
  if (unavailableNames.has(errorName(error) ?? '')) return true;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

/** A TransactWriteItems call was cancelled: see {@link cancellationCodes} for why. */
export function isTransactionCancelled(error: unknown): boolean {
  return errorName(error) === 'TransactionCanceledException';
}

/**
 * The per-item reasons of a cancelled transaction, in the order of its items: `None` for an item
 * that was fine, `ConditionalCheckFailed`, `TransactionConflict`, ... Empty for any other error.
 */
export function cancellationCodes(error: unknown): string[] {
  if (!isTransactionCancelled(error)) return [];
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/**
 * Whether a write was refused by its condition: a single write's ConditionalCheckFailedException
 * (the item `0` of its one-item write), or a transaction cancelled because its item `at` failed
 * its condition (any of its items, without `at`).
 */
export function isConditionFailed(error: unknown, at?: number): boolean {
  if (errorName(error) === 'ConditionalCheckFailedException') return at === undefined || at === 0;
  const codes = cancellationCodes(error);
  return at === undefined ? codes.includes('ConditionalCheckFailed') : codes[at] === 'ConditionalCheckFailed';
}

/**
 * Awaits a conditional write: true once it is applied, false when its condition refused it (the
 * item is gone, or not in the state the write needs). Any other failure is thrown.
 */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
