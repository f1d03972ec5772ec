/**
 * `npm run doctor` (scripts/doctor/preflight.ts) against the AWS SDK's answers, held in
 * scripts/test/doctor-answers/ in the shapes the services return, served by aws-sdk-client-mock:
 * a new account where nothing is done yet, an account ready for the first paid job, missing
 * credentials, and the checks one by one. Nothing leaves this process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetHostedZoneCommand, Route53Client } from '@aws-sdk/client-route-53';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requiredConcurrency } from '../../infra/lib/capacity.ts';
import { readDeploymentSettings, type DeploymentSettings } from '../../infra/lib/settings.ts';
import { contextFromArguments } from '../doctor/context.ts';
import {
  certificateCovers,
  clientsFor,
  formatPreflight,
  runPreflight,
  steps,
  type CheckResult,
} from '../doctor/preflight.ts';

const answersDir = path.join(import.meta.dirname, 'doctor-answers');
const answer = <T = Record<string, unknown>>(name: string): T =>
  JSON.parse(readFileSync(path.join(answersDir, `${name}.json`), 'utf8')) as T;

/** A service error as the SDK throws it, from its recorded name and message. */
function serviceError(name: string): Error {
  const recorded = answer<{ name: string; message: string }>(name);
  return Object.assign(new Error(recorded.message), { name: recorded.name, $fault: 'client' });
}

const mocks = {
  sts: mockClient(STSClient),
  cloudFormation: mockClient(CloudFormationClient),
  lambda: mockClient(LambdaClient),
  acm: mockClient(ACMClient),
  route53: mockClient(Route53Client),
  sesv2: mockClient(SESv2Client),
  secrets: mockClient(SecretsManagerClient),
  sns: mockClient(SNSClient),
  cognito: mockClient(CognitoIdentityProviderClient),
};

let dns: Record<string, string[][]>;
const clients = (region: string) => clientsFor(region, async (name) => dns[name] ?? []);

beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.reset();
  dns = {};
  // Made-up credentials: the mocks answer before any request is signed or sent.
  process.env.AWS_ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
  process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
});

afterEach(() => {
  delete process.env.AWS_ACCESS_KEY_ID;
  delete process.env.AWS_SECRET_ACCESS_KEY;
});

// The mocks replace each client class's `send` on its prototype: put back for the files that
// share this worker (the unit project runs its files in one, `isolate: false`), which call AWS
// through the same SDK modules.
afterAll(() => {
  for (const mock of Object.values(mocks)) mock.restore();
});

/** The settings as bin/app.ts reads them: an empty value is unset. */
const settingsFor = (context: Record<string, string>): DeploymentSettings =>
  readDeploymentSettings((name) => context[name] || undefined, 'eu-west-1');

const production = {
  stage: 'prod',
  mailDomain: 'studio.example',
  alarmEmail: 'ops@studio.example',
  domainName: 'studio.example.com',
  alternateDomainNames: 'www.studio.example.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
};

/** Answers of the stacks by name; CDKToolkit per region (`null`: no such stack). */
function stacks(byName: Record<string, string | null>, toolkitByRegion: Record<string, string | null>) {
  mocks.cloudFormation.on(DescribeStacksCommand).callsFake(async (input: { StackName: string }, getClient) => {
    const region = await getClient().config.region();
    const recorded = input.StackName === 'CDKToolkit' ? toolkitByRegion[region] : byName[input.StackName];
    if (!recorded)
      throw Object.assign(serviceError('cloudformation-stack-missing'), {
        message: `Stack with id ${input.StackName} does not exist`,
      });
    return answer(recorded);
  });
}

function readyAccount() {
  mocks.sts.on(GetCallerIdentityCommand).resolves(answer('sts-get-caller-identity'));
  stacks(
    {
      'RetouchStudio-prod-Data': 'cloudformation-data-stack',
      'RetouchStudio-prod-App': 'cloudformation-app-stack',
      'RetouchStudio-prod-Monitoring': 'cloudformation-monitoring-stack',
    },
    { 'eu-west-1': 'cloudformation-cdktoolkit', 'us-east-1': 'cloudformation-cdktoolkit' },
  );
  mocks.lambda.on(GetAccountSettingsCommand).resolves(answer('lambda-account-settings-raised'));
  mocks.route53.on(GetHostedZoneCommand, { Id: 'Z0123456789ABCDEFGHIJ' }).resolves(answer('route53-hosted-zone'));
  mocks.sesv2
    .on(GetEmailIdentityCommand, { EmailIdentity: 'studio.example' })
    .resolves(answer('sesv2-identity-verified'));
  mocks.sesv2.on(GetAccountCommand).resolves(answer('sesv2-account-production'));
  dns['_dmarc.studio.example'] = [['v=DMARC1; p=quarantine; rua=mailto:dmarc@studio.example']];
  stripeSecrets('sk_live_51NzQeR2eZvKYlo2CabcdEFGHijklMNOP', 'whsec_9f8e7d6c5b4a39281706f5e4d3c2b1a0');
  mocks.cognito
    .on(ListUsersInGroupCommand, { UserPoolId: 'eu-west-1_AbCdEfGhI', GroupName: 'SUPER_ADMIN' })
    .resolves(answer('cognito-super-admins-one'));
  mocks.sns.on(ListSubscriptionsByTopicCommand).resolves(answer('sns-subscriptions-confirmed'));
}

/** The two Stripe secrets of the recorded data stack hold these values (undefined: the placeholder). */
function stripeSecrets(secretKey?: string, webhookSecret?: string) {
  const data = answer<{ Stacks: { Outputs: { OutputKey: string; OutputValue: string }[] }[] }>(
    'cloudformation-data-stack',
  );
  const arnOf = (key: string) => data.Stacks[0]!.Outputs.find((o) => o.OutputKey === key)!.OutputValue;
  const placeholder = answer('secretsmanager-placeholder');
  mocks.secrets.reset();
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: arnOf('StripeSecretKeyArn') })
    .resolves(secretKey ? { ...placeholder, SecretString: secretKey } : placeholder);
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: arnOf('StripeWebhookSecretArn') })
    .resolves(webhookSecret ? { ...placeholder, SecretString: webhookSecret } : placeholder);
}

const byName = (results: readonly CheckResult[]) => Object.fromEntries(results.map((r) => [r.name, r]));

describe('npm run doctor', () => {
  it('finds nothing missing in an account ready for the first paid job', async () => {
    readyAccount();
    const preflight = await runPreflight(settingsFor(production), clients);
    const notOk = preflight.results.filter((r) => r.status !== 'ok');
    expect(notOk).toEqual([]);
    expect(preflight.account).toBe('123456789012');
    expect(preflight.results.map((r) => r.name)).toEqual([
      'credentials and region',
      'CDK bootstrap in eu-west-1',
      'CDK bootstrap in us-east-1',
      'Lambda concurrency quota',
      'Route 53 hosted zone',
      'SES identity',
      'SES MAIL FROM',
      'DMARC',
      'SES production access',
      'stacks',
      'Stripe secret key',
      'Stripe webhook secret',
      'first SUPER_ADMIN',
      'alarm e-mail',
    ]);
    const report = formatPreflight(preflight, 'prod');
    expect(report).toMatch(/^Preflight of RetouchStudio-prod in eu-west-1 as arn:aws:sts::123456789012:/);
    expect(report).toMatch(/Nothing missing\.$/);
    // Only whether a secret has Stripe's form, never the secret itself.
    expect(report).not.toContain('51NzQeR2eZvKYlo2C');
    expect(report).not.toContain('9f8e7d6c5b4a');
    // Read-only: every call made was a Get, Describe or List.
    const calls = Object.values(mocks).flatMap((mock) => mock.calls().map((call) => call.args[0].constructor.name));
    expect(calls.filter((name) => !/^(Get|Describe|List)/.test(name))).toEqual([]);
  });

  it('lists what a new account lacks, each with the runbook step that fixes it', async () => {
    mocks.sts.on(GetCallerIdentityCommand).resolves(answer('sts-get-caller-identity'));
    stacks({}, { 'eu-west-1': 'cloudformation-cdktoolkit', 'us-east-1': null });
    mocks.lambda.on(GetAccountSettingsCommand).resolves(answer('lambda-account-settings-new-account'));
    mocks.acm.on(DescribeCertificateCommand).resolves(answer('acm-certificate-pending'));
    mocks.sesv2.on(GetEmailIdentityCommand).rejects(serviceError('sesv2-identity-missing'));
    mocks.sesv2.on(GetAccountCommand).resolves(answer('sesv2-account-sandbox'));
    const settings = settingsFor({
      ...production,
      hostedZoneId: '',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
    });
    const preflight = await runPreflight(settings, clients);
    const results = byName(preflight.results);
    expect(results['CDK bootstrap in eu-west-1']?.status).toBe('ok');
    expect(results['CDK bootstrap in us-east-1']).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('npx cdk bootstrap aws://123456789012/us-east-1'),
      step: steps.bootstrap,
    });
    expect(results['Lambda concurrency quota']).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining(
        `10 concurrent executions; the stage throttle and the workers need ${requiredConcurrency}`,
      ),
      step: steps.quotas,
    });
    expect(results['site certificate (us-east-1)']).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('PENDING_VALIDATION'),
      step: steps.domain,
    });
    expect(results['API origin certificate (eu-west-1)']).toMatchObject({ status: 'warning', step: steps.domain });
    expect(results['SES identity']).toMatchObject({ status: 'missing', step: steps.mail });
    expect(results.DMARC).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('_dmarc.studio.example'),
    });
    expect(results['SES production access']).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('sandbox'),
      step: steps.mail,
    });
    expect(results.stacks).toMatchObject({ status: 'missing', step: steps.deploy });
    for (const name of ['Stripe secret key', 'Stripe webhook secret', 'first SUPER_ADMIN', 'alarm e-mail']) {
      expect(results[name], name).toMatchObject({ status: 'skipped', step: steps.deploy });
    }
    const report = formatPreflight(preflight, 'prod');
    expect(report).toContain('MISSING  CDK bootstrap in us-east-1');
    expect(report).toContain('(docs/deploy.md, step 3)');
    expect(report).toMatch(/6 missing: follow the steps named above/);
    // Nothing past the reads it needed: no secret, pool or topic of stacks that do not exist.
    expect(mocks.secrets.calls()).toHaveLength(0);
  });

  it('says plainly that there are no credentials, and checks nothing else', async () => {
    mocks.sts.on(GetCallerIdentityCommand).rejects(serviceError('credentials-missing'));
    const preflight = await runPreflight(settingsFor(production), clients);
    expect(preflight.results).toEqual([
      {
        name: 'credentials and region',
        status: 'missing',
        detail: expect.stringMatching(/^no AWS credentials found .*aws sso login/),
        step: steps.account,
      },
    ]);
    expect(mocks.cloudFormation.calls()).toHaveLength(0);
  });

  it('asks for a region when none is set', async () => {
    const preflight = await runPreflight({ ...settingsFor(production), region: undefined }, clients);
    expect(preflight.results[0]).toMatchObject({ status: 'missing', detail: expect.stringContaining('AWS_REGION') });
    expect(mocks.sts.calls()).toHaveLength(0);
  });

  it('tells a placeholder Stripe secret from a key, and a test key in production from a live one', async () => {
    readyAccount();
    stripeSecrets();
    let results = byName((await runPreflight(settingsFor(production), clients)).results);
    expect(results['Stripe secret key']).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining("still the stack's placeholder"),
      step: steps.stripe,
    });
    expect(results['Stripe webhook secret']?.status).toBe('missing');
    stripeSecrets('sk_test_51NzQeR2eZvKYlo2CabcdEFGHijklMNOP', 'whsec_9f8e7d6c5b4a39281706f5e4d3c2b1a0');
    results = byName((await runPreflight(settingsFor(production), clients)).results);
    expect(results['Stripe secret key']).toMatchObject({ status: 'warning', step: steps.liveKeys });
  });

  it('says when the alarm e-mail is not confirmed and when nobody is SUPER_ADMIN', async () => {
    readyAccount();
    mocks.sns.on(ListSubscriptionsByTopicCommand).resolves(answer('sns-subscriptions-pending'));
    mocks.cognito.on(ListUsersInGroupCommand).resolves(answer('cognito-super-admins-none'));
    const results = byName((await runPreflight(settingsFor(production), clients)).results);
    expect(results['alarm e-mail']).toMatchObject({ status: 'missing', step: steps.alarms });
    expect(results['first SUPER_ADMIN']).toMatchObject({ status: 'missing', step: steps.admin });
  });

  it('checks the certificates given: in the right region, issued, covering every name (wildcards too)', async () => {
    readyAccount();
    mocks.acm.on(DescribeCertificateCommand).resolves(answer('acm-certificate-issued'));
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
    const origin = 'arn:aws:acm:eu-west-1:123456789012:certificate/66666666-7777-8888-9999-000000000000';
    const settings = settingsFor({ ...production, hostedZoneId: '', certificateArn, originCertificateArn: origin });
    const results = byName((await runPreflight(settings, clients)).results);
    expect(results['site certificate (us-east-1)']?.status).toBe('ok');
    // The recorded certificate is *.studio.example.com: it covers api-origin.studio.example.com.
    expect(results['API origin certificate (eu-west-1)']?.status).toBe('ok');
    const elsewhere = settingsFor({
      ...production,
      hostedZoneId: '',
      certificateArn,
      originCertificateArn: origin.replace('eu-west-1', 'eu-central-1'),
    });
    expect(
      byName((await runPreflight(elsewhere, clients)).results)['API origin certificate (eu-west-1)'],
    ).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('is in eu-central-1, not eu-west-1'),
    });
    expect(certificateCovers('*.studio.example.com', 'www.studio.example.com')).toBe(true);
    expect(certificateCovers('*.studio.example.com', 'studio.example.com')).toBe(false);
    expect(certificateCovers('*.studio.example.com', 'a.b.studio.example.com')).toBe(false);
  });

  it('reports a check it may not run (access denied) and runs the others', async () => {
    readyAccount();
    mocks.lambda.on(GetAccountSettingsCommand).rejects(serviceError('access-denied'));
    const preflight = await runPreflight(settingsFor(production), clients);
    const results = byName(preflight.results);
    expect(results['Lambda concurrency quota']).toMatchObject({
      status: 'missing',
      detail: expect.stringMatching(/^could not be checked: AccessDeniedException/),
    });
    expect(preflight.results.filter((r) => r.status !== 'ok').map((r) => r.name)).toEqual(['Lambda concurrency quota']);
  });

  it('takes the settings as the CDK CLI does: -c name=value, --context, --region', () => {
    expect(
      contextFromArguments(['-c', 'stage=prod', '--context=domainName=studio.example.com', '--region', 'eu-west-1']),
    ).toEqual({
      context: { stage: 'prod', domainName: 'studio.example.com' },
      region: 'eu-west-1',
    });
    expect(() => contextFromArguments(['-c', 'nothing'])).toThrow(/name=value/);
    expect(() => contextFromArguments(['--profile', 'x'])).toThrow(/Unknown argument/);
  });
});
