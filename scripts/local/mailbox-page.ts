import type { MailMessage } from './mailbox.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The developer's view of the local mailbox: every message the product would have e-mailed. */
export function renderMailboxPage(messages: (MailMessage & { id: string })[]): string {
  const rows = messages
    .map(
      (m) => `<article>
  <header><strong>${escape(m.subject)}</strong> <span>to ${escape(m.to)}</span>
  <time datetime="${escape(m.sentAt)}">${escape(new Date(m.sentAt).toLocaleString('en-GB'))}</time></header>
  ${m.code ? `<p class="code">Code: <code>${escape(m.code)}</code></p>` : ''}
  <pre>${escape(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px;color:#1d2433}
article{border:1px solid #d6dae3;border-radius:8px;padding:12px 16px;margin:12px 0}
header{display:flex;gap:12px;flex-wrap:wrap;align-items:baseline}
time,span{color:#5b6475;font-size:14px}.code code{font-size:20px;letter-spacing:2px}
pre{white-space:pre-wrap;margin:8px 0 0}
</style></head>
<body><h1>Local mailbox</h1>
<p>Messages the product sent while running locally, newest first. Files live in <code>.local/mailbox/</code>. <a href="/_dev/mailbox">Refresh</a></p>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}
