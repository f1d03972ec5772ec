/**
 * How failed writes are read and which ones are tried again. The errors are made up with the
 * names and `CancellationReasons` DynamoDB gives them: this is classification of plain objects,
 * the real cancellations are exercised by the API tests (parallel orders, concurrent gallery edits).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetry } from '../../src/data/transactions.ts';
import {
  cancellationCodes,
  conditionHeld,
  isConditionFailed,
  isTransactionCancelled,
} from '../../src/lib/dynamo-errors.ts';

function conditionFailed(): Error {
  return Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
}

function cancelled(...codes: (string | undefined)[]): Error {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => (Code === undefined ? {} : { Code })),
  });
}

describe('isConditionFailed', () => {
  it("is a single write's failed condition", () => {
    expect(isConditionFailed(conditionFailed())).toBe(true);
    expect(isConditionFailed(conditionFailed(), 0)).toBe(true);
    expect(isConditionFailed(conditionFailed(), 1)).toBe(false);
  });

  it('names the item of a cancelled transaction whose condition failed', () => {
    const error = cancelled('None', 'None', 'ConditionalCheckFailed');
    expect(isConditionFailed(error)).toBe(true);
    expect(isConditionFailed(error, 2)).toBe(true);
    expect(isConditionFailed(error, 0)).toBe(false);
    expect(isConditionFailed(error, 7)).toBe(false);
  });

  it('is not a conflict, a throttle or any other error', () => {
    expect(isConditionFailed(cancelled('TransactionConflict', 'None'))).toBe(false);
    expect(isConditionFailed(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }))).toBe(false);
    expect(isConditionFailed(new TypeError('x'))).toBe(false);
    expect(isConditionFailed(undefined)).toBe(false);
    expect(isConditionFailed('ConditionalCheckFailedException')).toBe(false);
  });
});

describe('conditionHeld', () => {
  it('is true once the write is applied, false when its condition refused it', async () => {
    await expect(conditionHeld(Promise.resolve({}))).resolves.toBe(true);
    await expect(conditionHeld(Promise.reject(conditionFailed()))).resolves.toBe(false);
  });
  it('throws any other failure', async () => {
    const throttled = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    await expect(conditionHeld(Promise.reject(throttled))).rejects.toBe(throttled);
    const conflict = cancelled('TransactionConflict');
    await expect(conditionHeld(Promise.reject(conflict))).rejects.toBe(conflict);
  });
});

describe('cancellationCodes', () => {
  it("lists each item's reason in order, None for an item without one", () => {
    const error = cancelled('None', undefined, 'TransactionConflict');
    expect(isTransactionCancelled(error)).toBe(true);
    expect(cancellationCodes(error)).toEqual(['None', 'None', 'TransactionConflict']);
  });
  it('is empty for anything but a cancelled transaction', () => {
    expect(isTransactionCancelled(conditionFailed())).toBe(false);
    expect(cancellationCodes(conditionFailed())).toEqual([]);
    expect(cancellationCodes(null)).toEqual([]);
  });
});

describe('withRetry', () => {
  // No pauses: the jitter is drawn from Math.random.
  beforeEach(() => vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  /** An attempt that fails with the given errors in turn, then answers `done`. */
  function failing(...errors: Error[]) {
    return vi.fn(async () => {
      const error = errors.shift();
      if (error) throw error;
      return 'done';
    });
  }

  it('runs a transaction cancelled by conflicts again until it commits', async () => {
    const attempt = failing(cancelled('TransactionConflict', 'None'), cancelled('None', 'TransactionConflict'));
    await expect(withRetry(attempt)).resolves.toBe('done');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('hands a failed condition back at once, unless told it means "read again"', async () => {
    const refusal = cancelled('None', 'ConditionalCheckFailed');
    const once = failing(refusal);
    await expect(withRetry(once)).rejects.toBe(refusal);
    expect(once).toHaveBeenCalledTimes(1);

    const versioned = failing(cancelled('ConditionalCheckFailed'), cancelled('TransactionConflict'));
    await expect(withRetry(versioned, { retryFailedConditions: true })).resolves.toBe('done');
    expect(versioned).toHaveBeenCalledTimes(3);
  });

  it('retries failed conditions of the named items only (an item read optimistically), never of the others', async () => {
    const lostRace = failing(cancelled('ConditionalCheckFailed', 'None', 'None'));
    await expect(withRetry(lostRace, { retryFailedConditionsAt: [0] })).resolves.toBe('done');
    expect(lostRace).toHaveBeenCalledTimes(2);

    const refusal = cancelled('None', 'None', 'ConditionalCheckFailed');
    const refused = failing(refusal);
    await expect(withRetry(refused, { retryFailedConditionsAt: [0] })).rejects.toBe(refusal);
    expect(refused).toHaveBeenCalledTimes(1);
    const both = cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed');
    const bothFailed = failing(both);
    await expect(withRetry(bothFailed, { retryFailedConditionsAt: [0] })).rejects.toBe(both);
    expect(bothFailed).toHaveBeenCalledTimes(1);
  });

  it("never retries a single write's failed condition, a validation error or our own errors", async () => {
    for (const error of [
      conditionFailed(),
      cancelled('ValidationError'),
      cancelled('TransactionConflict', 'ItemCollectionSizeLimitExceeded'),
      new Error('A service can have at most 95 images.'),
    ]) {
      const attempt = failing(error);
      await expect(withRetry(attempt, { retryFailedConditions: true })).rejects.toBe(error);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after the last try and throws its failure', async () => {
    const errors = Array.from({ length: 5 }, () => cancelled('TransactionConflict'));
    const attempt = failing(...errors);
    await expect(withRetry(attempt, { tries: 3 })).rejects.toBe(errors[2]);
    expect(attempt).toHaveBeenCalledTimes(3);
  });
});
