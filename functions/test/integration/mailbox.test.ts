/**
 * E-mails the product sends land in the local mailbox: a sign-up through the Cognito emulator
 * leaves a JSON message with the code, the code confirms the account, and the developer mailbox page
 * (its own server, as `npm start` runs it) shows it.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { cognito } from './support.ts';

async function messagesTo(email: string) {
  const dir = inject('mailboxDir');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  const all = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Record<string, string>),
  );
  return all.filter((m) => m.to === email);
}

describe('local mailbox', () => {
  it('receives the sign-up code, which then confirms the account', async () => {
    const email = `signup-${randomBytes(4).toString('hex')}@example.test`;
    const password = `Pw-${randomBytes(6).toString('hex')}-A1`;
    await cognito().send(
      new SignUpCommand({
        ClientId: inject('siteClientId'),
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const [message] = await messagesTo(email);
    expect(message).toMatchObject({ to: email, subject: expect.any(String), text: expect.any(String) });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.text).toContain(message!.code);
    expect(new Date(message!.sentAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await cognito().send(
      new ConfirmSignUpCommand({ ClientId: inject('siteClientId'), Username: email, ConfirmationCode: message!.code }),
    );
    const signedIn = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: inject('siteClientId'),
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();

    const page = await fetch(inject('mailboxUrl'));
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(message!.code);
  });
});
