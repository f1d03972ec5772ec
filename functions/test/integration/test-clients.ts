/** Helpers of the issue-4 tests: the local mailbox, fresh client accounts, direct table access. */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { provided } from '../../../scripts/test-setup/suite-context.ts';
import { localNames } from '../../../scripts/local/provision.ts';
import { cognito } from './support.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  code?: string;
}

/** Messages the product "e-mailed" to this address, oldest first. */
export async function messagesTo(email: string): Promise<MailMessage[]> {
  const dir = provided('mailboxDir');
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const all = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as MailMessage),
  );
  return all.filter((m) => m.to === email);
}

/** The code of the newest message to this address. */
export async function latestCode(email: string): Promise<string> {
  const messages = await messagesTo(email);
  const code = messages[messages.length - 1]?.code;
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
export const strongPassword = () => `Pw-${randomBytes(6).toString('hex')}-A1`;

/**
 * A confirmed client account signed in through the site app client; with `name`, the name the
 * site shows for it. The password is returned for a browser test that signs in on the page.
 */
export async function freshClient(
  options: { name?: string } = {},
): Promise<{ email: string; password: string; userId: string; token: string }> {
  const email = uniqueEmail('client');
  const password = strongPassword();
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: provided('userPoolId'),
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        ...(options.name ? [{ Name: 'name', Value: options.name }] : []),
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: provided('userPoolId'),
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const auth = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: provided('siteClientId'),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    email,
    password,
    userId: created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value!,
    token: auth.AuthenticationResult!.AccessToken!,
  };
}

/** The table of the local stack, for arranging states the API cannot reach yet (a PAID job). */
export function table() {
  const client = new DynamoDBClient({
    endpoint: provided('dynamoEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return { name: localNames.table, client: DynamoDBDocumentClient.from(client) };
}

export function jsonInit(method: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return {
    method,
    token,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  };
}
