import { Annotations, App } from 'aws-cdk-lib';
import type { HandlerLogLevel } from '../lib/app-stack.ts';
import {
  buildApp,
  buildLocalStackFreeApp,
  deploymentProfiles,
  placeholderMailSettings,
  type DeploymentProfile,
} from '../lib/app.ts';
import { defaultWebDistDir, isBuiltSite } from '../lib/paths.ts';

/*
 * The one place that reads the environment and context. Override context on the command line:
 *   npm run synth -w infra -- -c stage=staging -c logLevel=debug -c siteOrigins=https://studio.example.com
 * Deployment settings (README, "Configuration"): siteOrigins, production, alarmEmail,
 * monthlyBudgetUsd, profile (aws, localstack-full, localstack-free).
 */
const app = new App();

function context(name: string): string | undefined {
  const value: unknown = app.node.tryGetContext(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const profile = (context('profile') ?? 'aws') as DeploymentProfile;
if (!deploymentProfiles.includes(profile)) {
  throw new Error(`context "profile" must be one of ${deploymentProfiles.join(', ')}: got "${profile}"`);
}
const onLocalStack = profile !== 'aws';

const stage = context('stage') ?? (onLocalStack ? 'local' : 'prod');
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

function booleanContext(name: string, fallback: boolean): boolean {
  const value = context(name);
  if (value === undefined) return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`context "${name}" must be true or false: got "${value}"`);
  return value === 'true';
}

// The prod stage on AWS is production unless told otherwise; LocalStack never is.
const production = booleanContext('production', stage === 'prod' && !onLocalStack);
const protectData = booleanContext('protectData', stage === 'prod' && !onLocalStack);

const alarmEmail = context('alarmEmail');
if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
  throw new Error(`context "alarmEmail" must be an e-mail address: got "${alarmEmail}"`);
}
const budgetText = context('monthlyBudgetUsd');
const monthlyBudgetUsd = budgetText === undefined ? undefined : Number(budgetText);
if (monthlyBudgetUsd !== undefined && !(Number.isFinite(monthlyBudgetUsd) && monthlyBudgetUsd > 0)) {
  throw new Error(`context "monthlyBudgetUsd" must be a positive amount of US dollars: got "${budgetText}"`);
}

const webDistDir = isBuiltSite(defaultWebDistDir) ? defaultWebDistDir : undefined;
// LocalStack answers in any region; us-east-1 is its default.
const region = process.env.CDK_DEFAULT_REGION ?? (onLocalStack ? 'us-east-1' : undefined);
// E-mail (issue 18): the SES domain identity and the From address on it. A deploy needs the real
// domain; without one, synth uses a placeholder and warns.
const mailDomain = context('mailDomain');
if (
  mailDomain !== undefined &&
  !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(mailDomain)
) {
  throw new Error(`context "mailDomain" must be a domain name like studio.example: got "${mailDomain}"`);
}
const mailFrom = context('mailFrom') ?? (mailDomain ? `Retouch Studio <notifications@${mailDomain}>` : undefined);
if (mailFrom !== undefined) {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!mailDomain || !address.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
    throw new Error(
      `context "mailFrom" must be an address on the mailDomain (${mailDomain ?? 'unset'}): got "${mailFrom}"`,
    );
  }
}
if (production && !mailDomain && profile !== 'localstack-free') {
  throw new Error(
    'A production synth needs the sending domain: add -c mailDomain=studio.example (README, "E-mail"). Without it e-mail would be set up for a placeholder domain.',
  );
}
const cognitoEmail = context('cognitoEmail') ?? 'ses';
if (cognitoEmail !== 'ses' && cognitoEmail !== 'cognito') {
  throw new Error(`context "cognitoEmail" must be ses or cognito: got "${cognitoEmail}"`);
}
const siteUrl = context('siteUrl');
if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(siteUrl)) {
  throw new Error(`context "siteUrl" takes an origin like https://studio.example: got "${siteUrl}"`);
}

const settings = {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  logLevel,
  protectData,
  siteOrigins,
  webDistDir,
  production,
  alarmEmail,
  monthlyBudgetUsd,
  mail:
    mailDomain && mailFrom
      ? { domain: mailDomain, from: mailFrom, cognitoSendsWithSes: cognitoEmail === 'ses' }
      : { ...placeholderMailSettings, cognitoSendsWithSes: cognitoEmail === 'ses' },
  siteUrl,
};

if (profile === 'localstack-free') buildLocalStackFreeApp(app, settings);
else {
  const stacks = buildApp(app, settings);
  if (!mailDomain) {
    Annotations.of(stacks.data).addWarningV2(
      'studio:mail-domain-missing',
      'No mailDomain context: e-mail is set up for the placeholder studio.example. Deploy with -c mailDomain=<your domain> (README, "Configuration").',
    );
  }
}
