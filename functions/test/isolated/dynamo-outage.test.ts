/**
 * DynamoDB slow or down, on a throwaway local stack of its own (the stack suite's shared one is
 * used by other tests at the same time): DynamoDB Local is frozen (SIGSTOP), then killed
 * (SIGKILL). Reads and writes are answered 503 in the error envelope with Retry-After within the
 * 3 s the issue sets, nothing is half-written, and the API recovers once the table is back (the
 * local stack starts a killed DynamoDB Local again by itself).
 */
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { jsonInit as json, startOwnStack, type Answer, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let adminToken: string;

/** The bound on an answer while the table is away. */
const answerWithinMs = 3000;

/** An answer later than the bound is a failure of this test, not a wait. */
const call = (pathname: string, init: RequestInit & { token?: string } = {}) =>
  own.call(pathname, { ...init, timeoutMs: answerWithinMs });

function expectUnavailable(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.text}`).toBe(503);
  const envelope = errorEnvelopeSchema.parse(answer.json);
  expect(envelope).toMatchObject({ statusCode: 503, error: 'SERVICE_UNAVAILABLE' });
  expect(Number(answer.retryAfter), what).toBeGreaterThan(0);
}

/** Every request the outage is tried with: public and signed-in reads, a single put, a transaction. */
let stamp = 0;
const leadBody = () => ({
  name: `Outage ${stamp}`,
  email: 'outage@example.test',
  phone: '+1 555 0100',
  description: 'Sent while the table was away.',
});

function outageRequests() {
  stamp = Date.now();
  return {
    'public read': call('/api/services'),
    'staff read': call('/api/jobs', { token: adminToken }),
    'lead (one transaction, no read before)': call('/api/contact/addnew', json('POST', leadBody())),
    'testimonial (transaction)': call(
      '/api/testimonials',
      json('POST', { text: `During the outage ${stamp}`, author: 'Outage' }, adminToken),
    ),
  };
}

async function settle(requests: Record<string, Promise<Answer>>) {
  const entries = await Promise.all(Object.entries(requests).map(async ([name, p]) => [name, await p] as const));
  return Object.fromEntries(entries);
}

/**
 * Freezes a process and returns once every one of its threads has stopped. A signal stops a
 * process with many threads (a JVM) only as each thread is next scheduled: on a busy machine a
 * thread still running could answer one more request after `kill` has returned. Linux shows each
 * thread's state under /proc; elsewhere a short wait stands in.
 */
async function freeze(pid: number): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  const tasks = `/proc/${pid}/task`;
  const deadline = Date.now() + 5000;
  for (;;) {
    const ids = await readdir(tasks).catch(() => null);
    if (!ids) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return;
    }
    const states = await Promise.all(
      ids.map((id) =>
        readFile(`${tasks}/${id}/stat`, 'utf8').then(
          // The state follows the command's closing parenthesis: `pid (comm) S ...`.
          (stat) => stat.slice(stat.lastIndexOf(') ') + 2)[0] ?? '?',
          () => 'T', // a thread that has ended meanwhile answers nothing
        ),
      ),
    );
    if (states.every((state) => state === 'T' || state === 't')) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop: thread states ${states.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function testimonials(): Promise<{ text: string }[]> {
  const answer = await call('/api/testimonials');
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { text: string }[];
}

async function waitUntilServing(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await call('/api/services').catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error('the API did not recover within a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  // On disk, so a killed DynamoDB Local comes back with its data.
  own = await startOwnStack({ persist: true, productionBudgets: true });
  adminToken = await own.staffToken('SUPER_ADMIN');
  // Each request warm before the outage (the staff read's first call also fetches the pool's
  // signing keys): what is timed below is the outage's answer, not a cold start.
  await settle(outageRequests());
}, 120_000);

afterAll(async () => {
  const pid = own?.stack.dynamoPid();
  if (pid) process.kill(pid, 'SIGCONT');
  await own?.stop();
});

describe('DynamoDB Local frozen (SIGSTOP)', () => {
  it('answers 503 with Retry-After within 3 s for reads and writes, then recovers whole', async () => {
    const before = await testimonials();
    const pid = own.stack.dynamoPid()!;
    await freeze(pid);
    let answers;
    try {
      answers = await settle(outageRequests());
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    for (const [name, answer] of Object.entries(answers)) {
      expectUnavailable(answer, name);
      console.log(`frozen table: ${name} answered ${answer.status} in ${answer.ms} ms`);
    }

    await waitUntilServing();
    // The lead's put may still have reached the table after its 503 (a timed-out write is an
    // unknown outcome): the visitor's retry of the same submission leaves exactly one lead.
    const retried = await call('/api/contact/addnew', json('POST', leadBody()));
    expect(retried.status, retried.text).toBe(201);
    const found = await call(`/api/contact/all-leads?search=${encodeURIComponent(leadBody().name)}`, {
      token: adminToken,
    });
    expect((found.json as { leads: { id: string }[] }).leads.map((l) => l.id)).toEqual([
      (retried.json as { id: string }).id,
    ]);
    // Nothing half-written: the testimonial's item and its list's lock moved together or not at all.
    const after = await testimonials();
    expect(after.length === before.length || after.length === before.length + 1).toBe(true);
    const written = await call(
      '/api/testimonials',
      json('POST', { text: 'After the outage', author: 'Back' }, adminToken),
    );
    expect(written.status, written.text).toBe(201);
    const final = await testimonials();
    expect(final.length).toBe(after.length + 1);
    expect(final[final.length - 1]!.text).toBe('After the outage');
  });
});

describe('DynamoDB Local killed (SIGKILL)', () => {
  it('answers 503 with Retry-After within 3 s, is started again, and serves the same data', async () => {
    const before = await testimonials();
    const pid = own.stack.dynamoPid()!;
    const restartsBefore = own.stack.dynamoRestarts();
    process.kill(pid, 'SIGKILL');
    const answers = await settle(outageRequests());
    for (const [name, answer] of Object.entries(answers)) {
      expectUnavailable(answer, name);
      console.log(`killed table: ${name} answered ${answer.status} in ${answer.ms} ms`);
    }

    await waitUntilServing();
    expect(own.stack.dynamoRestarts()).toBe(restartsBefore + 1);
    expect(own.stack.dynamoPid()).not.toBe(pid);
    // Kept on disk: the same testimonials, and writes work again. A Java process just started can
    // be slower than the write budget on a loaded machine; its answer is then the 503 with
    // Retry-After, and a client that waits as told gets through.
    expect(await testimonials()).toEqual(before);
    let written = await call(
      '/api/testimonials',
      json('POST', { text: 'After the restart', author: 'Back' }, adminToken),
    );
    for (let retry = 0; retry < 3 && written.status === 503; retry++) {
      expectUnavailable(written, 'write just after the restart');
      const seconds = Number(written.retryAfter) || 1;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      if ((await testimonials()).some((t) => t.text === 'After the restart')) break;
      written = await call(
        '/api/testimonials',
        json('POST', { text: 'After the restart', author: 'Back' }, adminToken),
      );
    }
    const texts = (await testimonials()).map((t) => t.text);
    expect(
      texts.filter((text) => text === 'After the restart'),
      written.text,
    ).toHaveLength(1);
  });
});
