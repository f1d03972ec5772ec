/**
 * A webhook receiver for the tests (#36): a node:http server on 127.0.0.1 (port 0) that keeps
 * every request it gets and answers with the status the test sets, and the check a receiver makes
 * of the signature (recomputed here with node:crypto, not with the code under test).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookPayload } from '@studio/shared/webhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests are answered with (200 unless set). */
  answer(status: number): void;
  /** Resolves with the first request received (from now on, or already) that matches. */
  next(matches: (request: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, payload: JSON.parse(body) as WebhookPayload });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : 'receiver failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/studio`;
  return {
    url,
    received,
    answer: (next) => void (status = next),
    next: async (matches, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching webhook request arrived');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with `Studio-Signature: t=...,v1=...`: recompute the HMAC and compare. */
export function signatureValid(secret: string, header: string | string[] | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header ?? ''));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
