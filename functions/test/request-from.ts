import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

export interface RequestFromInit {
  method?: string;
  body?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  text: string;
}

/**
 * An HTTP request sent from a chosen loopback address: every 127.x.y.z reaches a server on
 * 127.0.0.1 on Linux, and the server sees that address as the source. So a test can look like
 * many sources (a lockout holds whatever the address), or like one of its own (per-address limits).
 */
export function requestFrom(address: string, url: string, init: RequestFromInit = {}): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'GET',
        localAddress: address,
        headers: { ...init.headers, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A loopback address of its own for a test (127.a.b.c, never 127.0.0.1). */
export function ownLoopback(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${(a! % 250) + 1}.${b}.${(c! % 250) + 2}`;
}
