import { studioName } from '@studio/shared/notifications';

/*
 * One e-mail layout, rendered to HTML and plain text from the same blocks. Everything a template
 * hands in is text: it is made inert (`inertText`: no web or e-mail address in it stays one a mail
 * client would link) in both parts, and escaped in the HTML part. The only links are the action
 * button and the logo, both built from the site URL setting and fixed paths, never from what a
 * person typed (docs/decisions/security-payments.md).
 */

/** A block of an e-mail's body. */
export type Block =
  | { kind: 'text'; text: string }
  /** Label and value rows (job number, total, ...). */
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] };

export interface EmailContent {
  subject: string;
  /** First line of the body, also the preview text. */
  heading: string;
  blocks: Block[];
  /** The one link: a path on the site (`/dashboard`), made absolute with the site URL. */
  action?: { label: string; path: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/**
 * A word that a mail client could take for an address: a scheme (`https://`, `mailto:x`), an `@`,
 * a dot between a name and letters (`evil.example`, `www.x.y`), or a dotted number (`10.0.0.1`).
 */
const addressLike = /:\/\/|^[a-z][a-z0-9+.-]*:(?=\S)|@|\w\.[a-z]{2,}|\d\.\d+\.\d/i;

/**
 * Text with every address in it defanged, the way security notices quote untrusted links:
 * `https://evil.example/x` reads `https[:]//evil[.]example/x`, `ann@shop.test` reads
 * `ann[at]shop[.]test`. No mail client links what is left, in the HTML part or the plain-text part
 * (where invisible characters would not stop it), and a reader still sees what was typed. Applied
 * to everything an e-mail's body shows; the studio's own words contain no addresses.
 */
export function inertText(text: string): string {
  return text.replace(/\S+/g, (word) =>
    addressLike.test(word)
      ? word
          .replace(/:\/\//g, '[:]//')
          .replace(/^([a-z][a-z0-9+.-]*):(?=[^\s[/])/i, '$1[:]')
          .replace(/\./g, '[.]')
          .replace(/@/g, '[at]')
      : word,
  );
}

/** Inert, then escaped: for the HTML part. */
export function inertHtml(text: string): string {
  return escapeHtml(inertText(text));
}

/** Control characters and line breaks out of a subject line (a header). */
function subjectLine(text: string): string {
  const controls = [...text].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c)).join('');
  return controls.replace(/ {2,}/g, ' ').trim().slice(0, 200);
}

/** Joins the site URL and a fixed path; the path is ours, never user input. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

export function renderEmail(content: EmailContent, siteUrl: string): RenderedEmail {
  const link = content.action ? absoluteUrl(siteUrl, content.action.path) : undefined;
  const logo = absoluteUrl(siteUrl, '/email/logo.png');

  const htmlBlocks = content.blocks
    .map((block) => {
      if (block.kind === 'text') return `<p style="margin:0 0 16px">${inertHtml(block.text)}</p>`;
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#5b6475">${escapeHtml(label)}</td>` +
            `<td style="padding:4px 0;font-weight:600">${inertHtml(value)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
    })
    .join('\n');
  const button =
    content.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1d4ed8;color:#ffffff;` +
        `padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#5b6475">Or open ${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subjectLine(content.subject))}</title></head>
<body style="margin:0;padding:0;background:#f3f5f9;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1d2433">
<div style="display:none;max-height:0;overflow:hidden">${inertHtml(content.heading)}</div>
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e3e7ef">
<img src="${escapeHtml(logo)}" width="32" height="32" alt="" style="vertical-align:middle;border:0">
<strong style="vertical-align:middle;margin-left:8px;font-size:18px">${escapeHtml(studioName)}</strong></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${inertHtml(content.heading)}</h1>
${htmlBlocks}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e3e7ef;font-size:13px;color:#5b6475">
${escapeHtml(studioName)} · ${escapeHtml(absoluteUrl(siteUrl, '/'))}</td></tr>
</table></td></tr></table>
</body></html>
`;

  const textBlocks = content.blocks.map((block) =>
    block.kind === 'text'
      ? inertText(block.text)
      : block.rows.map(([label, value]) => `${label}: ${inertText(value)}`).join('\n'),
  );
  const text = [
    inertText(content.heading),
    '',
    ...textBlocks.flatMap((block) => [block, '']),
    ...(content.action && link ? [`${content.action.label}: ${link}`, ''] : []),
    `-- ${studioName}, ${absoluteUrl(siteUrl, '/')}`,
    '',
  ].join('\n');

  return { subject: subjectLine(content.subject), html, text };
}
