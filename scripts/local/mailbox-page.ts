import type { MailMessage } from './mailbox.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One message: its HTML part in a sandboxed frame (no scripts, no forms), its text part beside it. */
function renderMessage(m: MailMessage & { id: string }): string {
  const views = m.html
    ? `<details open><summary>HTML</summary><iframe sandbox title="${escape(m.subject)}" srcdoc="${escape(m.html)}"></iframe></details>
  <details><summary>Text</summary><pre>${escape(m.text)}</pre></details>`
    : `<pre>${escape(m.text)}</pre>`;
  return `<article id="${escape(m.id)}">
  <header><strong>${escape(m.subject)}</strong> <span>to ${escape(m.to)}</span>${m.from ? ` <span>from ${escape(m.from)}</span>` : ''}
  <time datetime="${escape(m.sentAt)}">${escape(new Date(m.sentAt).toLocaleString('en-GB'))}</time></header>
  ${m.code ? `<p class="code">Code: <code>${escape(m.code)}</code></p>` : ''}
  ${views}
</article>`;
}

/**
 * The developer's view of the local mailbox: every message the product would have e-mailed,
 * Cognito's codes and the notifier's e-mails (through the SES emulator), newest first.
 */
export function renderMailboxPage(messages: (MailMessage & { id: string })[]): string {
  const rows = messages.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px;color:#1d2433}
article{border:1px solid #d6dae3;border-radius:8px;padding:12px 16px;margin:12px 0}
header{display:flex;gap:12px;flex-wrap:wrap;align-items:baseline}
time,span{color:#5b6475;font-size:14px}.code code{font-size:20px;letter-spacing:2px}
pre{white-space:pre-wrap;margin:8px 0 0}summary{cursor:pointer;color:#1d4ed8;margin-top:8px}
iframe{width:100%;height:480px;border:1px solid #e3e7ef;border-radius:6px;margin-top:8px}
</style></head>
<body><h1>Local mailbox</h1>
<p>Messages the product sent while running locally, newest first: sign-up and password codes from the Cognito emulator, notifications through the SES emulator. Files live in <code>.local/mailbox/</code>. <a href="/_dev/mailbox">Refresh</a></p>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}
