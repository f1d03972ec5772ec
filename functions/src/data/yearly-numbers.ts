import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCreditNoteNumber } from '@studio/shared/credit-note';
import { formatInvoiceNumber } from '@studio/shared/invoice';
import { documentClient } from '../lib/dynamo.ts';
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
 * - `takeYearlyNumber` claims the first free number from the year's counter up, with a put of the
 *   number's item conditional on its absence; a number another caller claimed first moves it on
 *   to the next. The counter (`last`) is only a hint where to start, raised after each claim.
 * - The put is safe to repeat: an SDK retry after an answer lost in a timeout finds the item its
 *   own first attempt wrote (the same `claim`), and keeps that number.
 * - So the numbers claimed are always 1..n without a hole, whatever the concurrency.
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
  const counter = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: sequence.counterKey(year), ConsistentRead: true }),
  );
  const claim = randomUUID();
  let n = ((counter.Item?.last as number | undefined) ?? 0) + 1;
  for (;;) {
    const number = sequence.format(year, n);
    try {
      await documentClient.send(
        new PutCommand({
          ...newItemPut({ ...sequence.numberKey(number), type: sequence.numberType, number, ...owner, claim }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      break;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      // This call's own earlier attempt (its answer lost): the number is ours.
      if (claimOf(error) === claim) break;
      n += 1;
    }
  }
  // The next caller starts from here; a later number raised it already: nothing to do.
  await documentClient
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sequence.counterKey(year),
        UpdateExpression: 'SET #type = :type, #last = :n',
        ConditionExpression: 'attribute_not_exists(#last) OR #last < :n',
        ExpressionAttributeNames: { '#type': 'type', '#last': 'last' },
        ExpressionAttributeValues: { ':type': sequence.counterType, ':n': n },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
  return sequence.format(year, n);
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
