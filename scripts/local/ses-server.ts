/**
 * Runs the SES emulator (aws-ses-v2-local, the SES v1/v2 API) on 127.0.0.1 only, and copies every
 * message it accepts into the local mailbox as it is stored, so the notifier's e-mails sit beside
 * the Cognito codes. Started as a child process by the local stack (so a test can stop it and
 * bring it back on the same port): argv[2] = port, argv[3] = mailbox directory.
 */
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { writeToMailbox } from './mailbox.ts';

const require = createRequire(import.meta.url);
// The emulator's own store module: every send path calls `saveEmail` through its exports.
const store = require('aws-ses-v2-local/dist/store') as {
  saveEmail: (email: StoredEmail) => void;
};
const { default: startServer } = require('aws-ses-v2-local') as {
  default: (config: { host: string; port: number }) => Promise<Server>;
};

interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

const [portText, mailboxDir] = process.argv.slice(2);
if (!portText || !mailboxDir) throw new Error('usage: ses-server <port> <mailboxDir>');

const save = store.saveEmail;
store.saveEmail = (email) => {
  save(email);
  // Written before the API answers, so whoever sent it can read it back at once.
  writeToMailbox(mailboxDir, {
    to: [...email.destination.to, ...email.destination.cc, ...email.destination.bcc].join(', '),
    from: email.from,
    subject: email.subject,
    text: email.body.text ?? '',
    html: email.body.html,
    messageId: email.messageId,
  });
};

// The emulator's default host is '::' (every interface); the local stack listens on loopback only.
startServer({ host: '127.0.0.1', port: Number(portText) })
  .then((server) => process.stdout.write(`ses emulator listening ${JSON.stringify(server.address())}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
