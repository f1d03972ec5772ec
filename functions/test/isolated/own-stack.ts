/**
 * A throwaway local stack for one test file: tests that break the emulators, or fill lists every
 * other test reads, cannot share the stack suite's stack. Started in the test's own process (the
 * local gateway calls the handlers in-process, as `npm start` does).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readMailbox } from '../../../scripts/local/mailbox.ts';
import { localCredentials, localNames, localRegion } from '../../../scripts/local/provision.ts';
import { startLocalStack, wipe, type LocalStack } from '../../../scripts/local/stack.ts';
import { freshCode } from '../../../scripts/test-setup/authenticator-codes.ts';
import { requestFrom, type Answer as AnswerFrom, type RequestFromInit } from '../request-from.ts';

export interface OwnStack {
  stack: LocalStack;
  call(pathname: string, init?: RequestInit & { token?: string; timeoutMs?: number }): Promise<Answer>;
  /** Like `call`, but sent from a loopback address of the test's choosing (../request-from.ts). */
  callFrom(address: string, pathname: string, init?: RequestFromInit): Promise<AnswerFrom>;
  /** A staff token of the seeded account of `role`. */
  staffToken(role: 'SUPER_ADMIN' | 'MANAGER' | 'EDITOR'): Promise<string>;
  /**
   * A staff member invited by `adminToken` and signed in through the console's sign-in: the new
   * password chosen, two-step sign-in set up when the role requires it.
   */
  invitedStaff(
    adminToken: string,
    role: 'SUPER_ADMIN' | 'MANAGER' | 'EDITOR',
  ): Promise<{ id: string; email: string; password: string; token: string; totpSecret?: string }>;
  /** A new confirmed client account (no group) with a known password. */
  newClient(): Promise<{ email: string; password: string; userId: string }>;
  /** The code of the newest message the stack "e-mailed" to this address. */
  latestCode(email: string): Promise<string>;
  cognito: CognitoIdentityProviderClient;
  table: { name: string; client: DynamoDBDocumentClient };
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  retryAfter: string | null;
  json: unknown;
  text: string;
  ms: number;
}

export const jsonInit = (method: string, body: unknown, token?: string) => ({
  method,
  token,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export async function startOwnStack(options: {
  persist: boolean;
  /** How often the scheduled run repeats after its first run at start (the local stack's 5 minutes). */
  autoApprovalEveryMs?: number;
  /**
   * Production's budgets for every AWS call (DynamoDB 1 s), for the tests of what a slow or dead
   * dependency makes of an answer. Otherwise ten times those, as the suites' stacks: on a loaded
   * two-core machine, 20 parallel appends met DynamoDB Local's 1 s and got 503s the cap test is
   * not about.
   */
  productionBudgets?: boolean;
}): Promise<OwnStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-own-'));
  const stack = await startLocalStack({
    dataDir,
    persist: options.persist,
    siteOrigin: 'http://127.0.0.1:9',
    logLevel: 'error',
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    // No site here: the demo images without their AVIF/WebP copies (seconds of each start).
    imageVariants: false,
    ...(options.productionBudgets ? {} : { tuning: { sdkTimeoutScale: 10 } }),
    ...(options.autoApprovalEveryMs ? { autoApprovalEveryMs: options.autoApprovalEveryMs } : {}),
  });
  const call: OwnStack['call'] = async (pathname, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const started = Date.now();
    const response = await fetch(stack.gateway.url + pathname, {
      ...init,
      headers,
      ...(init.timeoutMs ? { signal: AbortSignal.timeout(init.timeoutMs) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      json: text ? (JSON.parse(text) as unknown) : undefined,
      text,
      ms: Date.now() - started,
    };
  };
  // One sign-in per role and stack: each authenticator code is good once, and a token lasts an hour.
  const staffTokens = new Map<string, Promise<string>>();
  const staffToken: OwnStack['staffToken'] = (role) => {
    let token = staffTokens.get(role);
    if (!token) {
      token = (async () => {
        const account = stack.accounts.find((a) => a.role === role)!;
        // The seeded SUPER_ADMIN and MANAGER sign in with their authenticator's code.
        const mfa = account.totpSecret ? { mfaCode: await freshCode(account.totpSecret) } : {};
        const answer = await call(
          '/api/admin/signin',
          jsonInit('POST', { email: account.email, password: account.password, ...mfa }),
        );
        if (answer.status !== 200) throw new Error(`staff sign-in failed: ${answer.text}`);
        return (answer.json as { token: string }).token;
      })();
      token.catch(() => staffTokens.delete(role));
      staffTokens.set(role, token);
    }
    return token;
  };
  const client = new DynamoDBClient({
    endpoint: stack.endpoints.dynamo,
    region: localRegion,
    credentials: localCredentials,
  });
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.endpoints.cognito,
    region: localRegion,
    credentials: localCredentials,
  });
  const newClient: OwnStack['newClient'] = async () => {
    const email = `client-${randomBytes(5).toString('hex')}@example.test`;
    const password = `Pw-${randomBytes(6).toString('hex')}-A1`;
    const poolId = stack.pool.userPoolId;
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
    );
    return { email, password, userId: created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value! };
  };
  const invitedStaff: OwnStack['invitedStaff'] = async (adminToken, role) => {
    const email = `${role.toLowerCase()}-${randomBytes(5).toString('hex')}@example.test`;
    const invited = await call(
      '/api/admin/invite',
      jsonInit('POST', { email, username: `New ${role}`, role }, adminToken),
    );
    if (invited.status !== 201) throw new Error(`invitation failed: ${invited.text}`);
    const id = (invited.json as { admin: { id: string } }).admin.id;
    const temporary = await latestCode(email);
    const password = `Pw-${randomBytes(6).toString('hex')}-A1`;
    let answer = await call(
      '/api/admin/signin',
      jsonInit('POST', { email, password: temporary, newPassword: password }),
    );
    const envelope = answer.json as { error?: string; details?: { secret?: string } };
    let totpSecret: string | undefined;
    if (answer.status === 403 && envelope.error === 'MFA_SETUP_REQUIRED') {
      totpSecret = envelope.details!.secret!;
      answer = await call(
        '/api/admin/signin',
        jsonInit('POST', { email, password, mfaCode: await freshCode(totpSecret) }),
      );
    }
    if (answer.status !== 200) throw new Error(`first sign-in failed: ${answer.text}`);
    return {
      id,
      email,
      password,
      token: (answer.json as { token: string }).token,
      ...(totpSecret ? { totpSecret } : {}),
    };
  };
  const latestCode: OwnStack['latestCode'] = async (email) => {
    // The emulator writes the message before it answers; a loaded machine was seen to list it late.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const code = (await readMailbox(stack.mailboxDir)).find((m) => m.to === email && m.code)?.code;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code was mailed to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    stack,
    call,
    callFrom: (address, pathname, init) => requestFrom(address, stack.gateway.url + pathname, init),
    staffToken,
    invitedStaff,
    newClient,
    latestCode,
    cognito,
    table: { name: localNames.table, client: DynamoDBDocumentClient.from(client) },
    stop: async () => {
      await stack.stop();
      await wipe(dataDir);
    },
  };
}
