import { Annotations, App } from 'aws-cdk-lib';
import type { HandlerLogLevel } from '../lib/app-stack.ts';
import { buildApp } from '../lib/app.ts';
import { defaultWebDistDir, isBuiltSite } from '../lib/paths.ts';

/*
 * The one place that reads the environment and context. Override context on the command line:
 *   npm run synth -w infra -- -c stage=staging -c logLevel=debug -c siteOrigins=https://studio.example.com
 */
const app = new App();

function context(name: string): string | undefined {
  const value: unknown = app.node.tryGetContext(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const stage = context('stage') ?? 'prod';
if (!/^[A-Za-z][A-Za-z0-9-]{0,30}$/.test(stage)) {
  throw new Error(`context "stage" must be letters, digits and dashes, starting with a letter: got "${stage}"`);
}

const logLevels: readonly HandlerLogLevel[] = ['debug', 'info', 'warn', 'error'];
const logLevel = (context('logLevel') ?? 'info') as HandlerLogLevel;
if (!logLevels.includes(logLevel)) {
  throw new Error(`context "logLevel" must be one of ${logLevels.join(', ')}: got "${logLevel}"`);
}

const siteOrigins = context('siteOrigins')
  ?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
for (const origin of siteOrigins ?? []) {
  if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
    throw new Error(`context "siteOrigins" takes origins like https://studio.example.com: got "${origin}"`);
  }
}

const protectData = (context('protectData') ?? String(stage === 'prod')) === 'true';
const webDistDir = isBuiltSite(defaultWebDistDir) ? defaultWebDistDir : undefined;

// E-mail (issue 18): the SES domain identity and the From address on it. A deploy needs the real
// domain; without one, synth uses a placeholder and warns.
const mailDomain = context('mailDomain') ?? 'studio.example';
if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(mailDomain)) {
  throw new Error(`context "mailDomain" must be a domain name like studio.example: got "${mailDomain}"`);
}
const mailFrom = context('mailFrom') ?? `Retouch Studio <notifications@${mailDomain}>`;
const fromAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
if (!fromAddress.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
  throw new Error(`context "mailFrom" must be an address on ${mailDomain}: got "${mailFrom}"`);
}
const cognitoEmail = context('cognitoEmail') ?? 'ses';
if (cognitoEmail !== 'ses' && cognitoEmail !== 'cognito') {
  throw new Error(`context "cognitoEmail" must be ses or cognito: got "${cognitoEmail}"`);
}
const siteUrl = context('siteUrl');
if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(siteUrl)) {
  throw new Error(`context "siteUrl" takes an origin like https://studio.example: got "${siteUrl}"`);
}

const stacks = buildApp(app, {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  logLevel,
  protectData,
  siteOrigins,
  webDistDir,
  mail: { domain: mailDomain, from: mailFrom, cognitoSendsWithSes: cognitoEmail === 'ses' },
  siteUrl,
  alarmEmail: context('alarmEmail'),
});
if (!context('mailDomain')) {
  Annotations.of(stacks.data).addWarningV2(
    'studio:mail-domain-missing',
    'No mailDomain context: e-mail is set up for the placeholder studio.example. Deploy with -c mailDomain=<your domain> (README, "Configuration").',
  );
}
