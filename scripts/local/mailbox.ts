import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailboxMessage } from '../../functions/src/lib/mailer.ts';

// The writer lives with the handlers (they mail through it locally); the Cognito emulator uses it too.
export { deliverToMailbox } from '../../functions/src/lib/mailer.ts';

/** A message the product would have e-mailed, as stored in the local mailbox. */
export type MailMessage = MailboxMessage;

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
