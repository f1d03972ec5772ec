/**
 * Runs cognito-local with the product's mailbox instead of its console printer, with data under
 * a directory of ours and listening on 127.0.0.1 only. Started as a child process by the local
 * stack: argv[2] = data directory, argv[3] = port, argv[4] = mailbox directory.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pino from 'pino';
import { requiringSelfServiceScope, selfServiceTargets, withPreTokenGeneration } from './cognito-scopes.ts';
import { deliverToMailbox } from './mailbox.ts';

const require = createRequire(import.meta.url);
const services = require('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
const { otp } = require('cognito-local/lib/services/otp');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService');
const { loadConfig } = require('cognito-local/lib/server/config');
const { Router } = require('cognito-local/lib/server/Router');
const { createServer } = require('cognito-local/lib/server/server');
const { UserNotFoundError, InvalidParameterError } = require('cognito-local/lib/errors');

const [dataDir, portText, mailboxDir] = process.argv.slice(2);
if (!dataDir || !portText || !mailboxDir) throw new Error('usage: cognito-server <dataDir> <port> <mailboxDir>');
const port = Number(portText);
const hostname = '127.0.0.1';

const subjects: Record<string, string> = {
  SignUp: 'Your verification code',
  ResendCode: 'Your new verification code',
  ForgotPassword: 'Reset your password',
  AdminCreateUser: 'Your staff account',
  UpdateUserAttribute: 'Confirm your new e-mail address',
  VerifyUserAttribute: 'Confirm your e-mail address',
  Authentication: 'Your sign-in code',
};

async function main() {
  const logger = pino({ level: process.env.COGNITO_DEBUG ? 'debug' : 'warn' });
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(dataDir));
  config.ServerConfig = { ...config.ServerConfig, port, hostname };
  config.TokenConfig = { IssuerDomain: `http://${hostname}:${port}` };
  const clock = new services.DateClock();
  const dbDir = path.join(dataDir!, 'db');
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(clock, cognito, { enabled: () => false }, null);
  const messages = {
    async deliver(
      _ctx: unknown,
      source: string,
      _clientId: string | null,
      _poolId: string,
      user: { Username: string; Attributes?: { Name: string; Value?: string }[] },
      code: string,
    ) {
      const email = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username;
      const subject = subjects[source] ?? 'A message from the studio';
      await deliverToMailbox(mailboxDir!, {
        to: email,
        subject,
        text: `${subject}: ${code}. It expires in 24 hours. If you did not ask for it, ignore this message.`,
        code,
      });
    },
  };
  // Every token goes through the pool's pre token generation trigger, as on AWS (./cognito-scopes.ts).
  const tokenGenerator = new JwtTokenGenerator(clock, triggers, config.TokenConfig);
  tokenGenerator.generate = withPreTokenGeneration(tokenGenerator.generate.bind(tokenGenerator));
  const all = { clock, cognito, config, messages, otp, tokenGenerator, triggers };
  const router = Router(all);
  // Targets cognito-local does not have, built from its own services (see each function), and its
  // self-service targets with the access token checked as Cognito checks it.
  const added: Record<string, (ctx: unknown, req: never) => Promise<unknown>> = {
    ResendConfirmationCode: resendConfirmationCode(all),
    AdminUserGlobalSignOut: adminUserGlobalSignOut(all),
    AdminSetUserMFAPreference: adminSetUserMfaPreference(all),
    ConfirmSignUp: confirmSignUpVerifyingEmail(router('ConfirmSignUp'), all),
    ...Object.fromEntries(
      selfServiceTargets.map((target) => [target, requiringSelfServiceScope(router(target), signedOutAt(all))]),
    ),
  };
  const withAdded = (target: string) => added[target] ?? router(target);
  const server = await createServer(withAdded, logger, config.ServerConfig, all).start();
  const address = server.address();
  process.stdout.write(`cognito-local listening ${JSON.stringify(address)}\n`);
}

interface EmulatorUser {
  Username: string;
  UserStatus: string;
  Attributes?: { Name: string; Value?: string }[];
}

/** When the user of an access token was last signed out everywhere (epoch ms), if ever. */
function signedOutAt(all: {
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<EmulatorUserPool> };
}) {
  return async (ctx: unknown, claims: Record<string, unknown>): Promise<number | undefined> => {
    const userPool = await all.cognito.getUserPoolForClientId(ctx, String(claims.client_id));
    const user = (await userPool.getUserByUsername(ctx, String(claims.sub))) as { SignedOutAt?: number } | null;
    return user?.SignedOutAt;
  };
}

interface EmulatorUserPool {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<EmulatorUser | null>;
  saveUser(ctx: unknown, user: EmulatorUser & { UserLastModifiedDate: Date; [key: string]: unknown }): Promise<void>;
}

/**
 * cognito-local has no AdminUserGlobalSignOut, which disabling or deleting an account, a password
 * reset and setting up two-step sign-in call. As Cognito does, it revokes every refresh token the
 * user holds (the emulator keeps them on the user, where the REFRESH_TOKEN flow and RevokeToken
 * look them up), so no new access token can be had without signing in again, and every access
 * token issued until now is refused by Cognito's own self-service operations (`SignedOutAt`, read
 * by ./cognito-scopes.ts); an unknown user is refused with Cognito's error. For anyone else, such
 * as the API gateway, those access tokens stay valid until they expire: the API refuses them by the
 * account's status record (functions/src/lib/account-check.ts).
 */
function adminUserGlobalSignOut(all: {
  cognito: { getUserPool(ctx: unknown, userPoolId: string): Promise<EmulatorUserPool> };
  clock: { get(): Date };
}) {
  return async (ctx: unknown, req: { UserPoolId: string; Username: string }) => {
    const userPool = await all.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    const now = all.clock.get();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], SignedOutAt: now.getTime(), UserLastModifiedDate: now });
    return {};
  };
}

/**
 * cognito-local has no AdminSetUserMFAPreference: Cognito's administrator call (IAM, never a
 * user's token) that turns a user's factors on or off, as an operator resetting a lost
 * authenticator would. Same rules as the emulator's SetUserMFAPreference.
 */
function adminSetUserMfaPreference(all: {
  cognito: { getUserPool(ctx: unknown, userPoolId: string): Promise<EmulatorUserPool> };
  clock: { get(): Date };
}) {
  type Setting = { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
  return async (
    ctx: unknown,
    req: { UserPoolId: string; Username: string; SMSMfaSettings?: Setting; SoftwareTokenMfaSettings?: Setting },
  ) => {
    const userPool = await all.cognito.getUserPool(ctx, req.UserPoolId);
    const user = (await userPool.getUserByUsername(ctx, req.Username)) as
      (EmulatorUser & { UserMFASettingList?: string[]; SoftwareTokenMfaConfiguration?: { Verified?: boolean } }) | null;
    if (!user) throw new UserNotFoundError();
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token MFA');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    for (const [setting, method] of [
      [req.SMSMfaSettings, 'SMS_MFA'],
      [software, 'SOFTWARE_TOKEN_MFA'],
    ] as const) {
      if (setting?.Enabled === true) methods.add(method);
      if (setting?.Enabled === false) methods.delete(method);
    }
    const preferred = req.SMSMfaSettings?.PreferredMfa
      ? 'SMS_MFA'
      : software?.PreferredMfa
        ? 'SOFTWARE_TOKEN_MFA'
        : undefined;
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
      UserLastModifiedDate: all.clock.get(),
    });
    return {};
  };
}

/**
 * cognito-local has no ResendConfirmationCode, which the sign-up page's "send a new code" calls.
 * This one does what Cognito does: a new code for an unconfirmed user, e-mailed like the first
 * (here: to the local mailbox), replacing the old one; an unknown or confirmed user is refused with
 * Cognito's errors. Built from the emulator's own services, so the code is stored where
 * ConfirmSignUp looks for it.
 */
function resendConfirmationCode(all: {
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<EmulatorUserPool> };
  messages: { deliver(...args: unknown[]): Promise<void> };
  otp: () => string;
  clock: { get(): Date };
}) {
  return async (ctx: unknown, req: { ClientId: string; Username: string; ClientMetadata?: unknown }) => {
    const userPool = await all.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username;
    const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = all.otp();
    await all.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      delivery,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: all.clock.get() });
    return { CodeDeliveryDetails: delivery };
  };
}

/**
 * cognito-local's ConfirmSignUp confirms the user but leaves `email_verified` unset; Cognito marks
 * the e-mail verified, since the code that confirmed the sign-up was mailed to it (a pool whose
 * e-mail is auto-verified, as ours is). The API relies on it: an organisation's invitation is
 * accepted only by the account whose verified e-mail it was sent to.
 */
function confirmSignUpVerifyingEmail(
  confirm: (ctx: unknown, req: never) => Promise<unknown>,
  all: {
    cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<EmulatorUserPool> };
    clock: { get(): Date };
  },
) {
  return async (ctx: unknown, req: { ClientId: string; Username: string }) => {
    const answer = await confirm(ctx, req as never);
    const userPool = await all.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (user) {
      const attributes = (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified');
      await userPool.saveUser(ctx, {
        ...user,
        Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }],
        UserLastModifiedDate: all.clock.get(),
      });
    }
    return answer;
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
