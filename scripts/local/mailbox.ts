import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A message the product would have e-mailed, as stored in the local mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, for e-mails sent through SES (the Cognito codes are text only). */
  html?: string;
  from?: string;
  /** The SES emulator's message id, for e-mails sent through SES. */
  messageId?: string;
  sentAt: string;
  /** Present when the message carries a verification code. */
  code?: string;
}

/**
 * Writes one message as one JSON file, synchronously (the sender reads it back as soon as its call
 * returns); names sort by time of sending. Written under another name and then renamed: a reader
 * listing the mailbox meanwhile (another process) never finds a `.json` file still empty.
 */
export function writeToMailbox(dir: string, message: Omit<MailMessage, 'sentAt'>): string {
  mkdirSync(dir, { recursive: true });
  const sentAt = new Date();
  const file = path.join(dir, `${sentAt.getTime()}-${randomBytes(4).toString('hex')}.json`);
  const full: MailMessage = { ...message, sentAt: sentAt.toISOString() };
  writeFileSync(`${file}.partial`, JSON.stringify(full, null, 2) + '\n');
  renameSync(`${file}.partial`, file);
  return file;
}

/** Writes one message as one JSON file; names sort by time of sending. */
export async function deliverToMailbox(dir: string, message: Omit<MailMessage, 'sentAt'>): Promise<string> {
  return writeToMailbox(dir, message);
}

/** Every message in the mailbox, newest first. */
export async function readMailbox(dir: string): Promise<(MailMessage & { id: string })[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse();
  const messages = await Promise.all(
    files.map(async (name) => ({
      id: name.replace(/\.json$/, ''),
      ...(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as MailMessage),
    })),
  );
  return messages;
}
