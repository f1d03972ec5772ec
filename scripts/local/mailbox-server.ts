/**
 * The local mailbox for the developer of `npm start` (the stand-in for an inbox: sign-up and reset
 * codes, the notifier's e-mails): `/_dev/mailbox` (newest first) and `/_dev/mailbox.json`, on a
 * port of its own on 127.0.0.1 only. Never served by the gateway, the Vite dev server or the
 * stand-in for CloudFront: nothing that answers the site's own origin, let alone published pages
 * (docs/decisions/local-servers.md). `npm run preview` starts none.
 */
import http from 'node:http';
import { readMailbox } from './mailbox.ts';
import { renderMailboxPage } from './mailbox-page.ts';

export interface MailboxServer {
  url: string;
  close(): Promise<void>;
}

const headers = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export async function startMailboxServer(options: { mailboxDir: string; port?: number }): Promise<MailboxServer> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://mailbox.invalid').pathname;
      if (pathname === '/_dev/mailbox.json') {
        res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
        return res.end(JSON.stringify(await readMailbox(options.mailboxDir)));
      }
      if (pathname === '/_dev/mailbox' || pathname === '/') {
        res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
        return res.end(renderMailboxPage(await readMailbox(options.mailboxDir)));
      }
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`mailbox error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/_dev/mailbox`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
