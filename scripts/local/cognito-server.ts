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
  const server = await createServer(Router(all), logger, config.ServerConfig, all).start();
  const address = server.address();
  process.stdout.write(`cognito-local listening ${JSON.stringify(address)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
