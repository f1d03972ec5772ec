/**
 * When e-mail cannot be sent (issue 18). These tests take the SES emulator down, so they run on a
 * local stack of their own rather than the shared one the other test files use. The
 * person's action always succeeds; the e-mail goes out once SES is back, or, after the last
 * retry, its outbox item is marked not delivered and staff see it listed.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobResponseSchema } from '@studio/shared/job';
import { listUndeliveredEmailsResponseSchema } from '@studio/shared/notifications';
import { listServicesResponseSchema } from '@studio/shared/service';
import { freePort } from '../../../scripts/local/processes.ts';
import { cognitoClient, localCredentials, localNames, localRegion } from '../../../scripts/local/provision.ts';
import { startLocalStack, wipe, type LocalStack } from '../../../scripts/local/stack.ts';
import { startStreamConsumer } from '../../../scripts/local/stream-consumer.ts';
import { freshCode } from '../../../scripts/test-setup/authenticator-codes.ts';
import { eventually, outboxItems, sesEmails, type StoredOutboxItem } from '../integration/notification-support.ts';

let dataDir: string;
let stack: LocalStack;
let documentClient: DynamoDBDocumentClient;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-notifier-'));
  stack = await startLocalStack({
    dataDir,
    persist: false,
    siteOrigin: `http://127.0.0.1:${await freePort()}`,
    logLevel: 'error',
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    imageVariants: false,
    // Six tries over about ten seconds: time to bring SES back in the first test, and to give up
    // in the second.
    notifier: { retryAttempts: 8, backoff: { baseMs: 300, maxMs: 2_000 }, maxSendAttempts: 6 },
  });
  // The stack set this process's environment for the handlers; the data layer reads it.
  ({ documentClient } = await import('../../src/lib/dynamo.ts'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await wipe(dataDir);
});

async function call(pathname: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(stack.gateway.url + pathname, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function signIn(role: string, clientId: string) {
  const account = stack.accounts.find((a) => a.role === role)!;
  if (account.totpSecret) {
    // Staff with two-step sign-in (#19) sign in as the console does, with their authenticator's code.
    const answer = await call('/api/admin/signin', {
      method: 'POST',
      body: { email: account.email, password: account.password, mfaCode: await freshCode(account.totpSecret) },
    });
    expect(answer.status, answer.text).toBe(200);
    return { email: account.email, token: (answer.json as { token: string }).token };
  }
  const result = await cognitoClient(stack.endpoints.cognito).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return { email: account.email, token: result.AuthenticationResult!.AccessToken! };
}

const about = (id: string) => (item: StoredOutboxItem) => item.event.job?.id === id || item.event.lead?.id === id;

async function outboxItemOf(id: string, ready: (item: StoredOutboxItem) => boolean, what: string) {
  return eventually(what, async () => (await outboxItems(documentClient, about(id))).find(ready), 30_000);
}

describe('e-mail while SES is unavailable', () => {
  it('still creates the job, and the e-mail goes out once SES is back', async () => {
    const client = await signIn('CLIENT', stack.pool.siteClientId);
    const services = listServicesResponseSchema.parse((await call('/api/services')).json).services;
    const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;

    await stack.ses.takeDown();
    const created = await call('/api/jobs', {
      method: 'POST',
      token: client.token,
      body: {
        serviceId: service.id,
        selectedSubServices: [sub.id],
        linkType: 'own',
        dropboxLink: 'https://example.test/photos',
        numberOfPhotos: 3,
      },
    });
    expect(created.status, created.text).toBe(201);
    const job = jobResponseSchema.parse(created.json).job;

    // The notifier tried and failed at least twice, and will try again.
    const failing = await outboxItemOf(job.id, (i) => i.attempts >= 2 && !!i.lastError, 'two failed attempts');
    expect(['PENDING', 'SENDING']).toContain(failing.status);

    await stack.ses.start();
    const sent = await outboxItemOf(job.id, (i) => i.status === 'SENT', 'the item sent');
    expect(sent.attempts).toBeGreaterThan(2);
    const mails = (await sesEmails(stack.endpoints.ses)).filter((e) => e.to.includes(client.email));
    // The job's number (#15) names it.
    expect(mails.map((e) => e.subject)).toEqual([`Job ${job.jobNumber}: we received your job`]);
  });

  it('marks the e-mail not delivered after the last retry, lists it for staff, and the lead is still stored', async () => {
    const manager = await signIn('MANAGER', stack.pool.staffClientId);
    await stack.ses.takeDown();
    try {
      const lead = await call('/api/contact/addnew', {
        method: 'POST',
        body: { name: 'Ann Unreached', email: 'ann@example.test', phone: '+1 555 0100', description: 'Hello' },
      });
      expect(lead.status, lead.text).toBe(201);
      const leadId = (lead.json as { id: string }).id;

      const failed = await outboxItemOf(leadId, (i) => i.status === 'FAILED', 'the item marked FAILED');
      expect(failed.attempts).toBe(6);

      const listed = await call('/api/notifications/undelivered', { token: manager.token });
      expect(listed.status, listed.text).toBe(200);
      const entry = listUndeliveredEmailsResponseSchema.parse(listed.json).emails.find((e) => e.id === failed.id);
      expect(entry).toMatchObject({ event: 'lead.received', subject: 'Lead from Ann Unreached', attempts: 6 });
      expect(entry!.recipients).toContain(manager.email);
      expect(entry!.lastError).not.toBe('');

      const leads = await call('/api/contact/all-leads', {
        token: (await signIn('SUPER_ADMIN', stack.pool.staffClientId)).token,
      });
      expect(JSON.stringify(leads.json)).toContain(leadId);
      // The notifier dealt with the failure itself: nothing was left for the dead-letter queue.
      expect(await readdir(stack.deadLetterDir).catch(() => [])).toEqual([]);
    } finally {
      await stack.ses.start();
    }
  });
});

describe('the local stream reader', () => {
  it('passes only filtered records, retries from the failed record with backoff, then writes a dead letter', async () => {
    const marker = ulid();
    const seen: string[][] = [];
    const deadLetterDir = path.join(dataDir, 'dead-letters', 'probe');
    const consumer = await startStreamConsumer({
      name: 'probe',
      dynamoEndpoint: stack.endpoints.dynamo,
      region: localRegion,
      credentials: localCredentials,
      tableName: localNames.table,
      filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { probe: { S: [marker] } } } }],
      handler: async (event: DynamoDBStreamEvent) => {
        const ids = event.Records.map((r) => r.dynamodb!.NewImage!.id!.S!);
        seen.push(ids);
        // The second record always fails; the first succeeds.
        const failing = event.Records.find((r) => r.dynamodb!.NewImage!.id!.S === 'second');
        return { batchItemFailures: failing ? [{ itemIdentifier: failing.dynamodb!.SequenceNumber! }] : [] };
      },
      batchSize: 10,
      retryAttempts: 2,
      backoff: { baseMs: 50, maxMs: 200 },
      deadLetterDir,
    });
    try {
      for (const id of ['first', 'second']) {
        await documentClient.send(
          new PutCommand({ TableName: localNames.table, Item: { PK: `PROBE#${marker}`, SK: id, id, probe: marker } }),
        );
      }
      // Not matching the filter: never handed over.
      await documentClient.send(
        new PutCommand({ TableName: localNames.table, Item: { PK: `PROBE#${marker}`, SK: 'other', id: 'other' } }),
      );
      const letters = await eventually(
        'a dead letter',
        async () => {
          const files = await readdir(deadLetterDir).catch(() => []);
          return files.length > 0 ? files : undefined;
        },
        20_000,
      );
      const letter = JSON.parse(await readFile(path.join(deadLetterDir, letters[0]!), 'utf8')) as {
        requestContext: { condition: string };
        records: { dynamodb: { NewImage: { id: { S: string } } } }[];
      };
      expect(letter.requestContext.condition).toBe('RetryAttemptsExhausted');
      expect(letter.records.map((r) => r.dynamodb.NewImage.id.S)).toEqual(['second']);
      expect(seen.flat()).not.toContain('other');
      // "first" was handled once; "second" three times (the first try and two retries).
      expect(seen.flat().filter((id) => id === 'first')).toHaveLength(1);
      expect(seen.flat().filter((id) => id === 'second')).toHaveLength(3);
    } finally {
      await consumer.stop();
    }
  });
});
