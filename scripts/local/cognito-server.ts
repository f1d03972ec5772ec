/**
 * Runs cognito-local with the product's mailbox instead of its console printer, with data under
 * a directory of ours and listening on 127.0.0.1 only. Started as a child process by the local
 * stack: argv[2] = data directory, argv[3] = port, argv[4] = mailbox directory.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pino from 'pino';
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
  const all = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(all);
  // Targets cognito-local does not have, built from its own services (see each function).
  const added: Record<string, (ctx: unknown, req: never) => Promise<unknown>> = {
    ResendConfirmationCode: resendConfirmationCode(all),
    AdminUserGlobalSignOut: adminUserGlobalSignOut(all),
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

interface EmulatorUserPool {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<EmulatorUser | null>;
  saveUser(ctx: unknown, user: EmulatorUser & { UserLastModifiedDate: Date; [key: string]: unknown }): Promise<void>;
}

/**
 * cognito-local has no AdminUserGlobalSignOut, which disabling or deleting an account calls. As
 * Cognito does, it revokes every refresh token the user holds (the emulator keeps them on the
 * user, where the REFRESH_TOKEN flow and RevokeToken look them up), so no new access token can
 * be had without signing in again; an unknown user is refused with Cognito's error. Access tokens
 * already issued stay valid in both: the API refuses them by the account's status record
 * (functions/src/lib/account-check.ts).
 */
function adminUserGlobalSignOut(all: {
  cognito: { getUserPool(ctx: unknown, userPoolId: string): Promise<EmulatorUserPool> };
  clock: { get(): Date };
}) {
  return async (ctx: unknown, req: { UserPoolId: string; Username: string }) => {
    const userPool = await all.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: all.clock.get() });
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
