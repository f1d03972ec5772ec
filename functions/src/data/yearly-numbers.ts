import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCreditNoteNumber } from '@studio/shared/credit-note';
import { formatInvoiceNumber } from '@studio/shared/invoice';
import { documentClient } from '../lib/dynamo.ts';
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
 * Numbers counted per calendar year (UTC) that people quote: job numbers (`RS-2026-0042`, #15) and
 * invoice numbers (`INV-2026-0001`, #16). One approach for both (data-model patterns 27 and 34):
 *
 * - `takeYearlyNumber` increments the year's counter atomically (`ADD`), so every caller gets its
 *   own n in one round trip however many order at once; no caller ever waits on another.
 * - The transaction that uses the number also puts the number's own item (`numberItemPut`),
 *   conditional on its absence, so a number belongs to one job at most.
 * - A number taken is never given again. If its job is not created after all, the number is a gap;
 *   `voidYearlyNumber` records why, for sequences that must account for every number (invoices).
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

/** Takes the year's next number of `sequence` (an atomic ADD: concurrent callers never conflict). */
export async function takeYearlyNumber(sequence: YearlySequence, year: number): Promise<string> {
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sequence.counterKey(year),
      UpdateExpression: 'SET #type = :type ADD #last :one',
      ExpressionAttributeNames: { '#type': 'type', '#last': 'last' },
      ExpressionAttributeValues: { ':type': sequence.counterType, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return sequence.format(year, result.Attributes!.last as number);
}

/**
 * The put of a number's own item, for the transaction that gives the number to its job: refused
 * (a failed condition) if the number belongs to something already.
 */
export function numberItemPut(sequence: YearlySequence, number: string, fields: Record<string, unknown>) {
  return newItemPut({ ...sequence.numberKey(number), type: sequence.numberType, number, ...fields });
}

/**
 * Records a number whose job was not created (its transaction was refused), so the sequence has
 * no unexplained gap. Best effort: the number is never reused either way.
 */
export async function voidYearlyNumber(
  sequence: YearlySequence,
  number: string,
  fields: { jobId: string; reason: string },
): Promise<void> {
  await documentClient
    .send(
      new PutCommand(numberItemPut(sequence, number, { ...fields, void: true, createdAt: new Date().toISOString() })),
    )
    .catch(() => undefined);
}
