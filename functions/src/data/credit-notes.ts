import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditNote } from '@studio/shared/credit-note';
import type { Currency } from '@studio/shared/currency';
import { documentClient } from '../lib/dynamo.ts';
import { creditNoteSortKeyPrefix, jobCreditNoteKey, jobPartition, tableName, updateExpression } from './keys.ts';
import { queryAll } from './query-all.ts';
import { newItemPut } from './transactions.ts';
import { creditNoteNumbers } from './yearly-numbers.ts';

/*
 * Credit notes (#40, data-model pattern 78): one per refund Stripe confirms, written in the same
 * transaction as the refund's change to the job (payments.ts, applyStripeEvent). Two items each:
 * the number's own item (`CREDIT_NOTE#<number>`, kept for good, as invoice numbers are: it holds
 * the note's facts, so the sequence accounts for every number even when a job is deleted) and the
 * job's item (`JOB#<id>` / `CREDIT_NOTE#<number>`), which its job's reads list.
 */

export interface CreditNoteFacts {
  number: string;
  jobId: string;
  invoiceNumber: string | null;
  amountCents: number;
  currency: Currency;
  issuedAt: string;
  /** The refunded total of the charge after this refund, and the charge (Stripe's ids). */
  refundedTotalCents: number;
  chargeId: string;
}

/**
 * The transaction's writes of a new credit note: its number's item (written when the number was
 * taken, for this job) gets the note's facts, kept for good; and its item under the job, refused
 * (a failed condition) if it exists already.
 */
export function creditNoteWrites(facts: CreditNoteFacts) {
  const fields = Object.entries({ ...facts, createdAt: facts.issuedAt });
  return [
    {
      Update: {
        TableName: tableName(),
        Key: creditNoteNumbers.numberKey(facts.number),
        UpdateExpression: updateExpression(fields.map(([name]) => `#${name} = :${name}`)),
        ConditionExpression: '#jobId = :jobId AND attribute_not_exists(#void)',
        ExpressionAttributeNames: Object.fromEntries([
          ...fields.map(([name]) => [`#${name}`, name]),
          ['#void', 'void'],
        ]),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
      },
    },
    { Put: newItemPut({ ...jobCreditNoteKey(facts.jobId, facts.number), type: 'CreditNote', ...facts }) },
  ];
}

const toCreditNote = (item: Record<string, unknown>): CreditNote => ({
  number: item.number as string,
  invoiceNumber: (item.invoiceNumber as string | null | undefined) ?? null,
  amountCents: item.amountCents as number,
  currency: item.currency as Currency,
  issuedAt: item.issuedAt as string,
});

/** The job's credit notes, in number order (one per refund: a handful, a bounded partition). */
export async function listCreditNotes(jobId: string): Promise<CreditNote[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': jobPartition(jobId), ':prefix': creditNoteSortKeyPrefix },
  });
  return items.map(toCreditNote);
}

/** One credit note of the job, or null. */
export async function getCreditNote(jobId: string, number: string): Promise<CreditNoteFacts | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: jobCreditNoteKey(jobId, number) }),
  );
  if (!result.Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...facts } = result.Item;
  return facts as CreditNoteFacts;
}
