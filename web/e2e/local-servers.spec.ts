/**
 * The local servers a person or an attacker can reach (#32): the Vite dev server of `npm start`
 * (`devSiteUrl`), the stand-in for CloudFront of `npm run preview` (`siteUrl`) and the gateway
 * behind both. None serves the developer mailbox, which has a server of its own on 127.0.0.1; and
 * no `/media` path leaves the media prefix, however it is spelled, though the S3 emulator behind
 * resolves `..`. Requests are sent with their paths exactly as written (an HTTP client that
 * normalizes URLs would fold `/media/../` before sending it).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localNames } from '../../scripts/local/provision.ts';
import { readMailbox } from '../../scripts/local/mailbox.ts';
import { expect, provided, test } from './fixtures.ts';

/** GET of a path as written, not normalized. */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers: { accept: '*/*' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            type: String(response.headers['content-type'] ?? ''),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function isMessageList(body: string): boolean {
  try {
    return Array.isArray(JSON.parse(body));
  } catch {
    return false;
  }
}

/** The servers, by name; their addresses are read when a test runs (the suite's stack is up by then). */
const servers = [
  ['the dev server of npm start', () => provided('devSiteUrl')],
  ['the stand-in for CloudFront of npm run preview', () => provided('siteUrl')],
] as const;

const secret = `private upload ${randomBytes(8).toString('hex')}`;
const privateKey = `client-uploads/${randomBytes(6).toString('hex')}/secret.txt`;
const mediaKey = `media/tests/${randomBytes(6).toString('hex')}.txt`;
const mediaText = `public media ${randomBytes(8).toString('hex')}`;

test.beforeAll(async () => {
  const s3 = new S3Client({
    endpoint: provided('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new PutObjectCommand({ Bucket: localNames.uploadsBucket, Key: privateKey, Body: secret }));
  await s3.send(
    new PutObjectCommand({ Bucket: localNames.mediaBucket, Key: mediaKey, Body: mediaText, ContentType: 'text/plain' }),
  );
  // A message with a code in the mailbox: what the mailbox must show, and nothing else.
  const client = provided('accounts').find((a) => a.role === 'CLIENT')!;
  const asked = await fetch(`${provided('gatewayUrl')}/api/users/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: client.email }),
  });
  expect(asked.status).toBe(200);
});

test.describe('/media on the local servers', () => {
  const uploads = localNames.uploadsBucket;
  const attempts = () => [
    `/media/..%2F..%2F${uploads}%2F${privateKey.replace(/\//g, '%2F')}`,
    `/media/..%2f..%2f${uploads}/${privateKey}`,
    `/media/../../${uploads}/${privateKey}`,
    `/media/%2e%2e/%2e%2e/${uploads}/${privateKey}`,
    `/media/%2E%2E%2F%2E%2E%2F${uploads}%2F${privateKey.replace(/\//g, '%2F')}`,
    `/media/tests/..%2F..%2F..%2F${uploads}/${privateKey}`,
    `/media/..%5C..%5C${uploads}%5C${privateKey.replace(/\//g, '%5C')}`,
    `/media/..\\..\\${uploads}\\${privateKey.replace(/\//g, '\\')}`,
    `/media/%252e%252e%252f%252e%252e%252f${uploads}%252f${privateKey.replace(/\//g, '%252f')}`,
  ];

  for (const [name, base] of servers) {
    test(`${name} serves the media prefix`, async () => {
      const answer = await rawGet(base(), `/${mediaKey}`);
      expect(answer.status, answer.body).toBe(200);
      expect(answer.body).toBe(mediaText);
    });

    test(`${name} refuses every path that leaves the media prefix, however spelled`, async () => {
      for (const path of attempts()) {
        const answer = await rawGet(base(), path);
        expect(answer.body, path).not.toContain(secret);
        expect([400, 404], `${path}: ${answer.status}`).toContain(answer.status);
      }
    });
  }
});

test.describe('the developer mailbox', () => {
  test('is served on a server of its own, on 127.0.0.1 only', async () => {
    const url = new URL(provided('mailboxUrl'));
    expect(url.hostname).toBe('127.0.0.1');
    const newest = (await readMailbox(provided('mailboxDir'))).find((m) => m.code)!;
    const page = await rawGet(url.origin, '/_dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Local mailbox');
    expect(page.body).toContain(newest.code);
    const json = await rawGet(url.origin, '/_dev/mailbox.json');
    expect(json.type).toMatch(/^application\/json/);
  });

  for (const [name, base] of [...servers, ['the gateway', () => provided('gatewayUrl')]] as const) {
    test(`is not served by ${name}`, async () => {
      const messages = await readMailbox(provided('mailboxDir'));
      expect(messages.some((m) => m.code)).toBe(true);
      // A 404, or the app's page as for any unknown path (as CloudFront answers): never the messages.
      const json = await rawGet(base(), '/_dev/mailbox.json');
      expect(isMessageList(json.body), json.body.slice(0, 200)).toBe(false);
      const page = await rawGet(base(), '/_dev/mailbox');
      expect(page.body).not.toContain('Local mailbox');
      for (const message of messages.slice(0, 20)) {
        expect(page.body).not.toContain(message.to);
        if (message.code) expect(json.body).not.toContain(message.code);
      }
    });
  }
});
