import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCreditNoteNumber } from '@studio/shared/credit-note';
import { formatInvoiceNumber } from '@studio/shared/invoice';
import { documentClient } from '../lib/dynamo.ts';
import { singleAttemptDocumentClient } from '../lib/dynamo-single-attempt.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  creditNoteCounterKey,
  creditNoteNumberKey,
  invoiceCounterKey,
  invoiceNumberKey,
  jobNumberCounterKey,
  jobNumberKey,
  tableName,
} from './keys.ts';
import { newItemPut } from './transactions.ts';

/*
 * Numbers counted per calendar year (UTC) that people quote: job numbers (`RS-2026-0042`, #15),
 * invoice numbers (`INV-2026-0001`, #16) and credit note numbers. One approach for all (data-model
 * patterns 27 and 34): a number is handed out only once its own item is written, so every number
 * has its item and none is lost, even when an answer is.
 *
 * - `takeYearlyNumber` takes n from the year's counter with an atomic ADD (callers at once never
 *   wait on one another), then claims it: a put of the number's item conditional on its absence.
 * - The ADD is sent once (no SDK retry): a retry after an answer lost in a timeout would take a
 *   second number and leave the first without an item. When the ADD fails, the caller claims the
 *   first free number above the counter as it read it before: the number its ADD may have taken,
 *   or one below it whose owner has not claimed it yet; that owner, refused, moves on to the next
 *   free one. Each such move ends on a number nobody holds, so the numbers claimed stay 1..n.
 * - A claim's put is safe to repeat: a retry finds the item with its own `claim` and keeps it.
 * - A number whose job (or credit note) is not written after all stays claimed and is marked
 *   `void` with the reason (`voidYearlyNumber`); it is never given again.
 */

type Key = Record<string, string>;

export interface YearlySequence {
  /** The counter of one year: `{ last }`, the last n handed out. */
  counterKey: (year: number) => Key;
  /** The item of one number, which exists once. */
  numberKey: (number: string) => Key;
  /** `type` of the counter and of the number items. */
  counterType: string;
  numberType: string;
  /** The number people see, from the year and n. */
  format: (year: number, n: number) => string;
}

/** `RS-<year>-<n>`, n zero-padded to four digits (more once a year passes 9999 jobs). */
export function formatJobNumber(year: number, n: number): string {
  return `RS-${year}-${String(n).padStart(4, '0')}`;
}

/** Job numbers (#15): pattern 34, counter `JOB_NUMBERS` / `YEAR#<year>`. */
export const jobNumbers: YearlySequence = {
  counterKey: jobNumberCounterKey,
  numberKey: jobNumberKey,
  counterType: 'JobNumberCounter',
  numberType: 'JobNumber',
  format: formatJobNumber,
};

/** Invoice numbers (#16): pattern 27, counter `INVOICE_COUNTER#<year>` / `COUNTER`. */
export const invoiceNumbers: YearlySequence = {
  counterKey: invoiceCounterKey,
  numberKey: invoiceNumberKey,
  counterType: 'InvoiceCounter',
  numberType: 'InvoiceNumber',
  format: formatInvoiceNumber,
};

/** Credit note numbers (#40): counter `CREDIT_NOTE_COUNTER#<year>` / `COUNTER`. */
export const creditNoteNumbers: YearlySequence = {
  counterKey: creditNoteCounterKey,
  numberKey: creditNoteNumberKey,
  counterType: 'CreditNoteCounter',
  numberType: 'CreditNoteNumber',
  format: formatCreditNoteNumber,
};

/** The `claim` of the item that refused a put (the SDK leaves it in DynamoDB's own form). */
function claimOf(error: unknown): string | undefined {
  const value = (error as { Item?: Record<string, unknown> }).Item?.claim;
  return typeof value === 'string' ? value : (value as { S?: string } | undefined)?.S;
}

/**
 * Claims the year's next number of `sequence` for `owner`, writing the number's item with the
 * owner's fields (`jobId`, `createdAt`), and answers the number.
 */
export async function takeYearlyNumber(
  sequence: YearlySequence,
  year: number,
  owner: { jobId: string; createdAt: string },
): Promise<string> {
  const counterKey = sequence.counterKey(year);
  const before = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: counterKey, ConsistentRead: true }),
  );
  let taken: number | null = null;
  try {
    const added = await singleAttemptDocumentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey,
        UpdateExpression: 'SET #type = :type ADD #last :one',
        ExpressionAttributeNames: { '#type': 'type', '#last': 'last' },
        ExpressionAttributeValues: { ':type': sequence.counterType, ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    taken = added.Attributes!.last as number;
  } catch {
    // Taken or not, unknown: claim the first free number from where the counter stood.
  }
  const claim = randomUUID();
  const first = taken ?? ((before.Item?.last as number | undefined) ?? 0) + 1;
  for (let n = first; ; n += 1) {
    if (await claimed(sequence, sequence.format(year, n), { ...owner, claim })) {
      // A number other than the ADD's may be past the counter: it moves on, for the next caller.
      if (n !== taken) await raiseCounter(sequence, counterKey, n);
      return sequence.format(year, n);
    }
  }
}

/** Puts a number's item for this claim: true when it is (or already was) this claim's. */
async function claimed(
  sequence: YearlySequence,
  number: string,
  fields: { jobId: string; createdAt: string; claim: string },
): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        ...newItemPut({ ...sequence.numberKey(number), type: sequence.numberType, number, ...fields }),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // This call's own earlier attempt (its answer lost, the SDK sent it again): the number is ours.
    return claimOf(error) === fields.claim;
  }
}

/** Sets the counter to `n` unless it is there or past it already. */
async function raiseCounter(sequence: YearlySequence, counterKey: Key, n: number): Promise<void> {
  await documentClient
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey,
        UpdateExpression: 'SET #type = :type, #last = :n',
        ConditionExpression: 'attribute_not_exists(#last) OR #last < :n',
        ExpressionAttributeNames: { '#type': 'type', '#last': 'last' },
        ExpressionAttributeValues: { ':type': sequence.counterType, ':n': n },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/**
 * Marks a claimed number whose job (or credit note) was not written `void`, with the reason, so
 * the sequence has no unexplained number. Best effort: the number is never given again either way.
 */
export async function voidYearlyNumber(
  sequence: YearlySequence,
  number: string,
  fields: { jobId: string; reason: string },
): Promise<void> {
  await documentClient
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sequence.numberKey(number),
        UpdateExpression: 'SET #void = :true, #reason = :reason, #voidedAt = :now',
        ConditionExpression: '#jobId = :jobId',
        ExpressionAttributeNames: { '#void': 'void', '#reason': 'reason', '#voidedAt': 'voidedAt', '#jobId': 'jobId' },
        ExpressionAttributeValues: {
          ':true': true,
          ':reason': fields.reason,
          ':now': new Date().toISOString(),
          ':jobId': fields.jobId,
        },
      }),
    )
    .catch(() => undefined);
}
