import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger.ts';

/*
 * The product's own e-mails (besides the codes Cognito sends itself). One function, so that the
 * e-mail service (SES, issue 18) replaces its body and nothing else. Until then it writes to the
 * local mailbox when the local stack names one (`LOCAL_MAILBOX_DIR`: the same directory and file
 * format as the codes the Cognito emulator "sends", readable at /_dev/mailbox); deployed, where
 * there is no mailbox yet, the message is logged as not sent (recipient left out of the log).
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** A message as stored in the local mailbox: one JSON file, names sorting by time of sending. */
export interface MailboxMessage extends Email {
  sentAt: string;
  /** Present when the message carries a verification code. */
  code?: string;
}

/** Writes one message to a local mailbox directory; also used by the Cognito emulator's sender. */
export async function deliverToMailbox(dir: string, message: Omit<MailboxMessage, 'sentAt'>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date();
  const file = path.join(dir, `${sentAt.getTime()}-${randomBytes(4).toString('hex')}.json`);
  const full: MailboxMessage = { ...message, sentAt: sentAt.toISOString() };
  await writeFile(file, JSON.stringify(full, null, 2) + '\n');
  return file;
}

export async function sendEmail(email: Email, log: Logger): Promise<void> {
  const mailbox = process.env.LOCAL_MAILBOX_DIR;
  if (mailbox) {
    await deliverToMailbox(mailbox, email);
    return;
  }
  log.warn('e-mail not sent: no e-mail service is configured yet', { subject: email.subject });
}
