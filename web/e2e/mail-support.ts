import { readMailbox } from '../../scripts/local/mailbox.ts';
import { expect, provided } from './fixtures.ts';

export interface MailboxMessage {
  text: string;
  /** The sign-up or sign-in code the message carries, if any. */
  code?: string;
}

/**
 * The newest message to `email` sent at or after `after` that `matches`, polled until it arrives.
 * Match what the test waits for (a code, a link), not merely "a message": another message to the
 * same person sent a moment earlier (an invitation before the sign-up code) is inside any margin
 * given to `after`.
 */
export async function mailTo(email: string, matches: (message: MailboxMessage) => boolean, after: number) {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        // A message being written can be caught half-way: read again shortly.
        const messages = await readMailbox(provided('mailboxDir')).catch(() => []);
        found = messages
          .filter((m) => m.to.toLowerCase() === email && Date.parse(m.sentAt) >= after && matches(m))
          .at(-1);
        return found;
      },
      { message: `an e-mail to ${email}` },
    )
    .toBeTruthy();
  return found!;
}

/** A message with a code in it. */
export const withCode = (message: MailboxMessage) => Boolean(message.code);
/** A message with an invitation link in it. */
export const withInvitation = (message: MailboxMessage) => message.text.includes('/invitations/');
