/**
 * Yearly numbers (patterns 27 and 78) against DynamoDB Local: a number is handed out only with its
 * item, so numbers taken at once are 1..n without a hole, and an answer lost in a timeout (of the
 * counter's ADD, or of the number's put, which the SDK sends again) leaves no number without its
 * item and takes no second one. Each test counts on a sequence of its own.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { table } from './test-clients.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const { takeYearlyNumber, voidYearlyNumber } = await import('../../src/data/yearly-numbers.ts');
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { singleAttemptDocumentClient } = await import('../../src/lib/dynamo-single-attempt.ts');

type Sequence = Parameters<typeof takeYearlyNumber>[0];

/** A sequence of its own: `T<id>-<year>-<n>`, items under `TEST_NUMBER#`. */
function testSequence(): Sequence {
  const id = randomUUID().slice(0, 8);
  return {
    counterKey: (year) => ({ PK: `TEST_COUNTER#${id}`, SK: `YEAR#${year}` }),
    numberKey: (number) => ({ PK: `TEST_NUMBER#${number}`, SK: 'NUMBER' }),
    counterType: 'TestCounter',
    numberType: 'TestNumber',
    format: (year, n) => `T${id}-${year}-${n}`,
  };
}

async function itemOf(key: Record<string, string>) {
  const { client, name } = table();
  return (await client.send(new GetCommand({ TableName: name, Key: key, ConsistentRead: true }))).Item;
}

const owner = (jobId: string) => ({ jobId, createdAt: '2026-11-28T12:00:00.000Z' });

describe('takeYearlyNumber', () => {
  it('gives 30 callers at once the numbers 1..30, each with its item naming its caller, and leaves the counter at 30', async () => {
    const sequence = testSequence();
    const taken = await Promise.all(
      Array.from({ length: 30 }, (_, i) => takeYearlyNumber(sequence, 2026, owner(`job-${i}`))),
    );
    const ns = taken.map((number) => Number(number.split('-').at(-1))).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const [i, number] of taken.entries()) {
      expect(await itemOf(sequence.numberKey(number))).toMatchObject({ number, jobId: `job-${i}` });
    }
    expect((await itemOf(sequence.counterKey(2026)))?.last).toBe(30);
    // The next year starts again at 1.
    expect(await takeYearlyNumber(sequence, 2027, owner('job-next-year'))).toMatch(/-2027-1$/);
  });

  /** Loses the first answer to `commandName` on `client` about a key containing `marker`, after DynamoDB applied it. */
  function loseFirstAnswer(
    client: typeof documentClient,
    commandName: string,
    marker: string,
  ): { lost: () => number; restore: () => void } {
    let lost = 0;
    const name = `lose-answer-${randomUUID()}`;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const input = (args as { input?: { Key?: unknown; Item?: unknown } }).input;
        if (context.commandName === commandName && JSON.stringify(input).includes(marker) && lost === 0) {
          lost += 1;
          throw Object.assign(new Error('the answer was lost'), { name: 'TimeoutError', $metadata: {} });
        }
        return result;
      },
      { step: 'deserialize', name },
    );
    return { lost: () => lost, restore: () => client.middlewareStack.remove(name) };
  }

  it.each([
    {
      lost: 'the ADD’s answer (sent once)',
      client: () => singleAttemptDocumentClient,
      command: 'UpdateItemCommand',
      marker: 'TEST_COUNTER#',
    },
    {
      lost: 'the put’s answer (the SDK sends it again)',
      client: () => documentClient,
      command: 'PutItemCommand',
      marker: 'TEST_NUMBER#',
    },
  ])('keeps number 2 when $lost is lost, and takes no second one', async ({ client, command, marker }) => {
    const sequence = testSequence();
    await takeYearlyNumber(sequence, 2026, owner('job-before'));
    const loss = loseFirstAnswer(client(), command, marker);
    try {
      const number = await takeYearlyNumber(sequence, 2026, owner('job-lost-answer'));
      expect(loss.lost()).toBe(1);
      expect(number).toMatch(/-2026-2$/);
      expect(await itemOf(sequence.numberKey(number))).toMatchObject({ jobId: 'job-lost-answer' });
      expect(await itemOf(sequence.numberKey(sequence.format(2026, 3)))).toBeUndefined();
      expect((await itemOf(sequence.counterKey(2026)))?.last).toBe(2);
    } finally {
      loss.restore();
    }
    expect(await takeYearlyNumber(sequence, 2026, owner('job-after'))).toMatch(/-2026-3$/);
  });

  it('fills the number a lost ADD took while others take theirs: 1..20 without a hole', async () => {
    const sequence = testSequence();
    const loss = loseFirstAnswer(singleAttemptDocumentClient, 'UpdateItemCommand', 'TEST_COUNTER#');
    try {
      const taken = await Promise.all(
        Array.from({ length: 20 }, (_, i) => takeYearlyNumber(sequence, 2026, owner(`job-${i}`))),
      );
      expect(loss.lost()).toBe(1);
      const ns = taken.map((number) => Number(number.split('-').at(-1))).sort((a, b) => a - b);
      expect(ns).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      loss.restore();
    }
  });

  it('marks a number void with the reason, only for the job it was taken for', async () => {
    const sequence = testSequence();
    const number = await takeYearlyNumber(sequence, 2026, owner('job-refused'));
    await voidYearlyNumber(sequence, number, { jobId: 'someone-else', reason: 'not theirs' });
    expect((await itemOf(sequence.numberKey(number)))?.void).toBeUndefined();
    await voidYearlyNumber(sequence, number, { jobId: 'job-refused', reason: 'the job was not created' });
    expect(await itemOf(sequence.numberKey(number))).toMatchObject({
      jobId: 'job-refused',
      void: true,
      reason: 'the job was not created',
    });
  });
});
