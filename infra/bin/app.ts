import { Annotations, App } from 'aws-cdk-lib';
import { buildApp, buildLocalStackFreeApp, placeholderMailSettings } from '../lib/app.ts';
import { defaultWebDistDir, isBuiltSite } from '../lib/paths.ts';
import { readDeploymentSettings } from '../lib/settings.ts';

/*
 * The one place that reads the environment and context. Override context on the command line:
 *   npm run synth -- -c stage=staging -c logLevel=debug -c domainName=studio.example.com -c hostedZoneId=Z0...
 * Deployment settings (README, "Deployment settings"; checked in lib/settings.ts, which
 * `npm run doctor` reads too): domainName, alternateDomainNames, hostedZoneId, certificateArn,
 * originCertificateArn, siteOrigins, siteUrl, production, alarmEmail, monthlyBudgetUsd, mailDomain,
 * mailFrom, cognitoEmail, reservedConcurrency, profile (aws, localstack-full, localstack-free).
 */
const app = new App();

function context(name: string): string | undefined {
  const value: unknown = app.node.tryGetContext(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const settings = readDeploymentSettings(context, process.env.CDK_DEFAULT_REGION);
const webDistDir = isBuiltSite(defaultWebDistDir) ? defaultWebDistDir : undefined;

const appSettings = {
  stage: settings.stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: settings.region },
  logLevel: settings.logLevel,
  protectData: settings.protectData,
  siteOrigins: settings.siteOrigins,
  webDistDir,
  production: settings.production,
  alarmEmail: settings.alarmEmail,
  monthlyBudgetUsd: settings.monthlyBudgetUsd,
  mail: { ...(settings.mail ?? placeholderMailSettings), cognitoSendsWithSes: settings.cognitoSendsWithSes },
  siteUrl: settings.siteUrl,
  domain: settings.domain,
  reservedConcurrency: settings.reservedConcurrency,
};

if (settings.profile === 'localstack-free') buildLocalStackFreeApp(app, appSettings);
else {
  const stacks = buildApp(app, appSettings);
  if (!settings.mail) {
    Annotations.of(stacks.data).addWarningV2(
      'studio:mail-domain-missing',
      'No mailDomain context: e-mail is set up for the placeholder studio.example. Deploy with -c mailDomain=<your domain> (README, "Configuration").',
    );
  }
}
