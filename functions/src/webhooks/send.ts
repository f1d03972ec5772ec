import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookEventIdHeader, webhookSignatureHeader, webhookTimeoutSeconds } from '@studio/shared/webhooks';
import { signatureHeader } from './signing.ts';
import { resolveTarget } from './target.ts';

/*
 * One try at delivering one event (#36): the target checked (target.ts), then a POST of the body,
 * signed, to the checked address, within 10 s. Never throws: whatever happens is the attempt's
 * outcome, for the deliveries log.
 */

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  /** The first 500 characters of the answer, or what went wrong. */
  response: string;
  durationMs: number;
}

export const userAgent = 'Studio-Webhooks/1';
const responseChars = 500;

export async function deliverOnce(input: {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  /** Unix seconds for the signature. */
  timestamp: number;
}): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = await resolveTarget(input.url);
  if (!target.ok) return { ok: false, status: null, response: `Not sent: ${target.reason}`, durationMs: elapsed() };
  const url = new URL(input.url);
  // The connection goes to the address checked above; TLS still checks the certificate of the host name.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        signal: AbortSignal.timeout(webhookTimeoutSeconds * 1000),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': userAgent,
          [webhookSignatureHeader]: signatureHeader(input.secret, input.timestamp, input.body),
          [webhookEventIdHeader]: input.eventId,
        },
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < responseChars) text += chunk;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          finish({ ok: status >= 200 && status < 300, status, response: text.slice(0, responseChars) });
        });
        res.on('error', (error) => finish({ ok: false, status: res.statusCode ?? null, response: describe(error) }));
      },
    );
    req.on('error', (error) => finish({ ok: false, status: null, response: describe(error) }));
    req.end(input.body);
  });
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return `No answer within ${webhookTimeoutSeconds} s.`;
  }
  const code = (error as { code?: string }).code;
  return `Connection failed${code ? ` (${code})` : ''}: ${error.message}`.slice(0, responseChars);
}
