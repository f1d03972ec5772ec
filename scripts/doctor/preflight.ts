/**
 * The checks of `npm run doctor`: each precondition of the runbook (docs/deploy.md), read from the
 * AWS account with the SDK, never changed. Each check says what it found and, when something is
 * missing, the runbook step that fixes it. The clients are made by `clientsFor`, so the tests hand
 * in clients whose answers are recorded (aws-sdk-client-mock).
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetHostedZoneCommand, Route53Client } from '@aws-sdk/client-route-53';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { requiredConcurrency } from '../../infra/lib/capacity.ts';
import {
  apiOriginName,
  certificateRegion,
  siteNames,
  type DeploymentSettings,
  type SiteDomain,
} from '../../infra/lib/settings.ts';

export type CheckStatus = 'ok' | 'missing' | 'warning' | 'skipped';

export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  /** What was found, or what is missing and what to do. */
  readonly detail: string;
  /** The runbook step that fixes it (docs/deploy.md), when something is to be done. */
  readonly step?: number;
}

/** The runbook's steps the checks point to (docs/deploy.md). */
export const steps = {
  account: 1,
  quotas: 2,
  bootstrap: 3,
  domain: 4,
  mail: 5,
  deploy: 6,
  stripe: 7,
  admin: 8,
  alarms: 9,
  liveKeys: 11,
} as const;

/** The oldest bootstrap stack the CDK version of this repository deploys with. */
export const minimumBootstrapVersion = 6;

export interface PreflightClients {
  sts: STSClient;
  lambda: LambdaClient;
  cloudFormation: (region: string) => CloudFormationClient;
  acm: (region: string) => ACMClient;
  route53: Route53Client;
  sesv2: SESv2Client;
  secrets: SecretsManagerClient;
  sns: SNSClient;
  cognito: CognitoIdentityProviderClient;
  /** DNS TXT records of a name (the DMARC policy); [] when there are none. */
  resolveTxt: (name: string) => Promise<string[][]>;
}

export function clientsFor(region: string, resolveTxt: PreflightClients['resolveTxt']): PreflightClients {
  const cloudFormation = new Map<string, CloudFormationClient>();
  const acm = new Map<string, ACMClient>();
  const cached =
    <T>(map: Map<string, T>, make: (region: string) => T) =>
    (at: string) => {
      if (!map.has(at)) map.set(at, make(at));
      return map.get(at)!;
    };
  return {
    sts: new STSClient({ region }),
    lambda: new LambdaClient({ region }),
    cloudFormation: cached(cloudFormation, (at) => new CloudFormationClient({ region: at })),
    acm: cached(acm, (at) => new ACMClient({ region: at })),
    // Route 53 is global; its API answers in us-east-1.
    route53: new Route53Client({ region: 'us-east-1' }),
    sesv2: new SESv2Client({ region }),
    secrets: new SecretsManagerClient({ region }),
    sns: new SNSClient({ region }),
    cognito: new CognitoIdentityProviderClient({ region }),
    resolveTxt,
  };
}

const errorName = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';
const errorMessage = (error: unknown): string => (error as { message?: string } | null)?.message ?? String(error);

/** The SDK found no credentials at all (environment, profile, SSO, instance role). */
export function isMissingCredentials(error: unknown): boolean {
  return errorName(error) === 'CredentialsProviderError' || /Could not load credentials/i.test(errorMessage(error));
}

/** The credentials were refused (expired SSO session, deleted key). */
function isRefusedCredentials(error: unknown): boolean {
  return ['ExpiredToken', 'ExpiredTokenException', 'InvalidClientTokenId', 'UnrecognizedClientException'].includes(
    errorName(error),
  );
}

async function describeStack(client: CloudFormationClient, stackName: string): Promise<Stack | null> {
  try {
    const answer = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    return answer.Stacks?.[0] ?? null;
  } catch (error) {
    // CloudFormation answers a missing stack with a ValidationError saying it "does not exist".
    if (errorName(error) === 'ValidationError' && /does not exist/.test(errorMessage(error))) return null;
    throw error;
  }
}

const output = (stack: Stack | null, key: string): string | undefined =>
  stack?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;

const stackUsable = (stack: Stack | null): boolean =>
  !!stack &&
  /_COMPLETE$/.test(stack.StackStatus ?? '') &&
  !/^(DELETE|ROLLBACK)_COMPLETE$/.test(stack.StackStatus ?? '');

/** Whether a certificate name (possibly `*.example.com`) covers `name`. */
export function certificateCovers(certificateName: string, name: string): boolean {
  const pattern = certificateName.toLowerCase();
  const host = name.toLowerCase();
  if (pattern.startsWith('*.')) {
    const rest = host.slice(host.indexOf('.') + 1);
    return host.includes('.') && rest === pattern.slice(2);
  }
  return pattern === host;
}

/** A check that failed in an unexpected way (access denied...) is reported, not thrown. */
async function guarded(
  name: string,
  step: number,
  run: () => Promise<CheckResult | CheckResult[]>,
): Promise<CheckResult[]> {
  try {
    const result = await run();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    return [
      {
        name,
        status: 'missing',
        detail: `could not be checked: ${errorName(error) || 'Error'}: ${errorMessage(error)}`,
        step,
      },
    ];
  }
}

async function checkBootstrap(clients: PreflightClients, account: string, region: string): Promise<CheckResult> {
  const name = `CDK bootstrap in ${region}`;
  const stack = await describeStack(clients.cloudFormation(region), 'CDKToolkit');
  const command = `npx cdk bootstrap aws://${account}/${region}`;
  if (!stackUsable(stack)) {
    return {
      name,
      status: 'missing',
      detail: stack
        ? `the CDKToolkit stack is ${stack.StackStatus}: run \`${command}\` again`
        : `no CDKToolkit stack: run \`${command}\``,
      step: steps.bootstrap,
    };
  }
  const version = Number(output(stack, 'BootstrapVersion'));
  if (!(version >= minimumBootstrapVersion)) {
    return {
      name,
      status: 'missing',
      detail: `bootstrap version ${output(stack, 'BootstrapVersion') ?? 'unknown'} is older than ${minimumBootstrapVersion}: run \`${command}\``,
      step: steps.bootstrap,
    };
  }
  return { name, status: 'ok', detail: `CDKToolkit version ${version}` };
}

async function checkConcurrency(clients: PreflightClients, settings: DeploymentSettings): Promise<CheckResult> {
  const name = 'Lambda concurrency quota';
  const answer = await clients.lambda.send(new GetAccountSettingsCommand({}));
  const limit = answer.AccountLimit?.ConcurrentExecutions ?? 0;
  if (limit < requiredConcurrency) {
    return {
      name,
      status: 'missing',
      detail: `${limit} concurrent executions; the stage throttle and the workers need ${requiredConcurrency}${
        settings.reservedConcurrency ? ' (and -c reservedConcurrency=true cannot deploy below 11)' : ''
      }: request "Concurrent executions" of at least ${requiredConcurrency} (1000 is the usual grant) in Service Quotas`,
      step: steps.quotas,
    };
  }
  return { name, status: 'ok', detail: `${limit} concurrent executions (${requiredConcurrency} needed)` };
}

async function checkCertificate(
  clients: PreflightClients,
  name: string,
  arn: string,
  region: string,
  names: readonly string[],
): Promise<CheckResult> {
  const where = certificateRegion(arn);
  if (where !== region) {
    return {
      name,
      status: 'missing',
      detail: `${arn} is in ${where ?? 'no region'}, not ${region}: make or import the certificate in ${region}`,
      step: steps.domain,
    };
  }
  let certificate;
  try {
    certificate = (await clients.acm(region).send(new DescribeCertificateCommand({ CertificateArn: arn }))).Certificate;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') {
      return { name, status: 'missing', detail: `no certificate ${arn} in this account`, step: steps.domain };
    }
    throw error;
  }
  if (certificate?.Status !== 'ISSUED') {
    return {
      name,
      status: 'missing',
      detail: `${arn} is ${certificate?.Status ?? 'unknown'}, not ISSUED: add its validation records to the domain's DNS and wait`,
      step: steps.domain,
    };
  }
  const covered = [certificate.DomainName, ...(certificate.SubjectAlternativeNames ?? [])].filter(
    (n): n is string => !!n,
  );
  const uncovered = names.filter((n) => !covered.some((c) => certificateCovers(c, n)));
  if (uncovered.length) {
    return {
      name,
      status: 'missing',
      detail: `${arn} does not cover ${uncovered.join(', ')} (it covers ${covered.join(', ')})`,
      step: steps.domain,
    };
  }
  return { name, status: 'ok', detail: `issued in ${region}, covers ${names.join(', ')}` };
}

async function checkDomain(
  clients: PreflightClients,
  domain: SiteDomain | undefined,
  region: string,
): Promise<CheckResult[]> {
  if (!domain) {
    return [
      {
        name: 'site domain',
        status: 'warning',
        detail:
          'no -c domainName: a trial stage on its *.cloudfront.net name, with the execute-api endpoint left on; a live site needs its own domain',
        step: steps.domain,
      },
    ];
  }
  if (domain.hostedZoneId) {
    const name = 'Route 53 hosted zone';
    let zone;
    try {
      zone = (await clients.route53.send(new GetHostedZoneCommand({ Id: domain.hostedZoneId }))).HostedZone;
    } catch (error) {
      if (errorName(error) === 'NoSuchHostedZone') {
        return [
          {
            name,
            status: 'missing',
            detail: `no hosted zone ${domain.hostedZoneId} in this account`,
            step: steps.domain,
          },
        ];
      }
      throw error;
    }
    const zoneName = (zone?.Name ?? '').replace(/\.$/, '').toLowerCase();
    const outside = [...siteNames(domain), apiOriginName(domain)].filter(
      (n) => n !== zoneName && !n.endsWith(`.${zoneName}`),
    );
    if (outside.length) {
      return [
        {
          name,
          status: 'missing',
          detail: `zone ${zoneName} does not hold ${outside.join(', ')}: use the zone of the domain`,
          step: steps.domain,
        },
      ];
    }
    return [
      {
        name,
        status: 'ok',
        detail: `${zoneName} (${domain.hostedZoneId}): the stacks make the certificates and records`,
      },
    ];
  }
  const results = [
    await checkCertificate(
      clients,
      'site certificate (us-east-1)',
      domain.certificateArn!,
      'us-east-1',
      siteNames(domain),
    ),
  ];
  results.push(
    domain.originCertificateArn
      ? await checkCertificate(clients, `API origin certificate (${region})`, domain.originCertificateArn, region, [
          apiOriginName(domain),
        ])
      : {
          name: `API origin certificate (${region})`,
          status: 'warning',
          detail: `no -c originCertificateArn for ${apiOriginName(domain)}: CloudFront will call the execute-api endpoint, which stays enabled`,
          step: steps.domain,
        },
  );
  return results;
}

async function checkMail(clients: PreflightClients, settings: DeploymentSettings): Promise<CheckResult[]> {
  if (!settings.mail) {
    return [
      {
        name: 'SES sending domain',
        status: 'missing',
        detail: 'no -c mailDomain: e-mail would be set up for a placeholder domain',
        step: steps.mail,
      },
    ];
  }
  const domain = settings.mail.domain;
  const results: CheckResult[] = [];
  let identity;
  try {
    identity = await clients.sesv2.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
  } catch (error) {
    if (errorName(error) !== 'NotFoundException') throw error;
  }
  if (!identity) {
    results.push({
      name: 'SES identity',
      status: 'missing',
      detail: `no SES identity ${domain} yet: the first deploy makes it (with -c cognitoEmail=cognito), then add its DKIM records`,
      step: steps.mail,
    });
  } else if (!identity.VerifiedForSendingStatus) {
    results.push({
      name: 'SES identity',
      status: 'missing',
      detail: `${domain} is not verified (DKIM ${identity.DkimAttributes?.Status ?? 'unknown'}): add the three MailDkimRecord CNAMEs of the data stack to the domain's DNS`,
      step: steps.mail,
    });
  } else {
    results.push({
      name: 'SES identity',
      status: 'ok',
      detail: `${domain} verified (DKIM ${identity.DkimAttributes?.Status})`,
    });
    const mailFrom = identity.MailFromAttributes;
    results.push(
      mailFrom?.MailFromDomain && mailFrom.MailFromDomainStatus === 'SUCCESS'
        ? { name: 'SES MAIL FROM', status: 'ok', detail: `${mailFrom.MailFromDomain}` }
        : {
            name: 'SES MAIL FROM',
            status: 'warning',
            detail: mailFrom?.MailFromDomain
              ? `${mailFrom.MailFromDomain} is ${mailFrom.MailFromDomainStatus}: add its MX and SPF records`
              : `no custom MAIL FROM domain: bounces come from amazonses.com and SPF does not align for DMARC`,
            step: steps.mail,
          },
    );
  }
  const dmarc = (await clients.resolveTxt(`_dmarc.${domain}`)).map((chunks) => chunks.join(''));
  results.push(
    dmarc.some((record) => /^v=DMARC1/i.test(record))
      ? { name: 'DMARC', status: 'ok', detail: dmarc.find((record) => /^v=DMARC1/i.test(record))! }
      : {
          name: 'DMARC',
          status: 'warning',
          detail: `no DMARC record at _dmarc.${domain}: mailbox providers may file the studio's e-mail as spam`,
          step: steps.mail,
        },
  );
  const account = await clients.sesv2.send(new GetAccountCommand({}));
  results.push(
    account.ProductionAccessEnabled
      ? {
          name: 'SES production access',
          status: 'ok',
          detail: `out of the sandbox (${account.SendQuota?.Max24HourSend ?? '?'} a day)`,
        }
      : {
          name: 'SES production access',
          status: 'missing',
          detail: `SES is in the sandbox in this region: it sends only to verified addresses, ${account.SendQuota?.Max24HourSend ?? 200} a day; ask for production access`,
          step: steps.mail,
        },
  );
  return results;
}

const placeholder = (name: string, detail: string, step: number): CheckResult => ({
  name,
  status: 'missing',
  detail,
  step,
});

async function checkStripe(
  clients: PreflightClients,
  settings: DeploymentSettings,
  data: Stack | null,
): Promise<CheckResult[]> {
  const secrets = [
    {
      name: 'Stripe secret key',
      output: 'StripeSecretKeyArn',
      pattern: /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/,
      want: 'sk_live_... (or rk_live_...)',
    },
    {
      name: 'Stripe webhook secret',
      output: 'StripeWebhookSecretArn',
      pattern: /^whsec_[A-Za-z0-9]+$/,
      want: 'whsec_...',
    },
  ];
  const results: CheckResult[] = [];
  for (const secret of secrets) {
    const arn = output(data, secret.output);
    if (!arn) {
      results.push({
        name: secret.name,
        status: 'skipped',
        detail: 'the data stack is not deployed yet',
        step: steps.deploy,
      });
      continue;
    }
    let value: string | undefined;
    try {
      value = (await clients.secrets.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
    } catch (error) {
      if (errorName(error) === 'AccessDeniedException') {
        results.push(placeholder(secret.name, `not readable with these credentials (${arn})`, steps.stripe));
        continue;
      }
      throw error;
    }
    // The value is never printed: only whether it has the form Stripe gives.
    if (!value || !secret.pattern.test(value.trim())) {
      results.push(
        placeholder(secret.name, `still the stack's placeholder: put ${secret.want} into ${arn}`, steps.stripe),
      );
    } else if (secret.output === 'StripeSecretKeyArn' && /_test_/.test(value) && settings.production) {
      results.push({
        name: secret.name,
        status: 'warning',
        detail: 'a test-mode key: right for the first test order; put the live key to take real payments',
        step: steps.liveKeys,
      });
    } else {
      results.push({
        name: secret.name,
        status: 'ok',
        detail: `set (${value.slice(0, value.indexOf('_', 3) + 1)}...)`,
      });
    }
  }
  return results;
}

async function checkAdmin(clients: PreflightClients, data: Stack | null): Promise<CheckResult> {
  const name = 'first SUPER_ADMIN';
  const userPoolId = output(data, 'UserPoolId');
  if (!userPoolId) return { name, status: 'skipped', detail: 'the data stack is not deployed yet', step: steps.deploy };
  const answer = await clients.cognito.send(
    new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: 'SUPER_ADMIN', Limit: 1 }),
  );
  return answer.Users?.length
    ? { name, status: 'ok', detail: 'at least one' }
    : { name, status: 'missing', detail: 'nobody in SUPER_ADMIN: run npm run create-admin', step: steps.admin };
}

async function checkAlarmSubscription(
  clients: PreflightClients,
  settings: DeploymentSettings,
  monitoring: Stack | null,
): Promise<CheckResult> {
  const name = 'alarm e-mail';
  if (!settings.alarmEmail) {
    return {
      name,
      status: 'warning',
      detail: 'no -c alarmEmail: alarms and budget notices reach nobody',
      step: steps.alarms,
    };
  }
  const topicArn = output(monitoring, 'AlarmTopicArn');
  if (!topicArn)
    return { name, status: 'skipped', detail: 'the monitoring stack is not deployed yet', step: steps.deploy };
  const answer = await clients.sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
  const mine = (answer.Subscriptions ?? []).filter(
    (s) => s.Protocol === 'email' && s.Endpoint?.toLowerCase() === settings.alarmEmail!.toLowerCase(),
  );
  if (!mine.length) {
    return {
      name,
      status: 'missing',
      detail: `${settings.alarmEmail} is not subscribed: deploy again with -c alarmEmail`,
      step: steps.deploy,
    };
  }
  return mine.some((s) => s.SubscriptionArn && s.SubscriptionArn !== 'PendingConfirmation')
    ? { name, status: 'ok', detail: `${settings.alarmEmail} confirmed` }
    : {
        name,
        status: 'missing',
        detail: `${settings.alarmEmail} has not confirmed: open "AWS Notification - Subscription Confirmation" and confirm`,
        step: steps.alarms,
      };
}

export interface Preflight {
  readonly account?: string;
  readonly identity?: string;
  readonly region?: string;
  readonly results: readonly CheckResult[];
}

/**
 * Every check, in the runbook's order. Without a region or without credentials it stops at the
 * first check and says so; other failures of one check (access denied...) are reported on that
 * check and the others still run.
 */
export async function runPreflight(
  settings: DeploymentSettings,
  makeClients: (region: string) => PreflightClients,
): Promise<Preflight> {
  const region = settings.region;
  if (!region) {
    return {
      results: [
        {
          name: 'credentials and region',
          status: 'missing',
          detail:
            "no region: set AWS_REGION (or AWS_DEFAULT_REGION, or the profile's region) to the region the studio runs in",
          step: steps.account,
        },
      ],
    };
  }
  const clients = makeClients(region);
  let caller;
  try {
    caller = await clients.sts.send(new GetCallerIdentityCommand({}));
  } catch (error) {
    const detail = isMissingCredentials(error)
      ? 'no AWS credentials found (environment, ~/.aws profiles, SSO): sign in, e.g. `aws sso login --profile <profile>` and export AWS_PROFILE'
      : isRefusedCredentials(error)
        ? `the AWS credentials were refused (${errorName(error)}): sign in again`
        : `could not check the credentials: ${errorName(error)}: ${errorMessage(error)}`;
    return { region, results: [{ name: 'credentials and region', status: 'missing', detail, step: steps.account }] };
  }
  const account = caller.Account ?? 'unknown';
  const results: CheckResult[] = [
    { name: 'credentials and region', status: 'ok', detail: `account ${account}, region ${region}` },
  ];
  const regions = region === 'us-east-1' ? [region] : [region, 'us-east-1'];
  for (const at of regions)
    results.push(
      ...(await guarded(`CDK bootstrap in ${at}`, steps.bootstrap, () => checkBootstrap(clients, account, at))),
    );
  results.push(...(await guarded('Lambda concurrency quota', steps.quotas, () => checkConcurrency(clients, settings))));
  results.push(...(await guarded('site domain', steps.domain, () => checkDomain(clients, settings.domain, region))));
  results.push(...(await guarded('SES', steps.mail, () => checkMail(clients, settings))));
  const prefix = `RetouchStudio-${settings.stage}`;
  let data: Stack | null = null;
  let monitoring: Stack | null = null;
  results.push(
    ...(await guarded('stacks', steps.deploy, async () => {
      const cloudFormation = clients.cloudFormation(region);
      data = await describeStack(cloudFormation, `${prefix}-Data`);
      monitoring = await describeStack(cloudFormation, `${prefix}-Monitoring`);
      const app = await describeStack(cloudFormation, `${prefix}-App`);
      const missing = [
        [`${prefix}-Data`, data],
        [`${prefix}-App`, app],
        [`${prefix}-Monitoring`, monitoring],
      ].filter(([, stack]) => !stackUsable(stack as Stack | null));
      return missing.length
        ? {
            name: 'stacks',
            status: 'missing',
            detail: `not deployed (or not in a complete state): ${missing.map(([n]) => n).join(', ')}: npm run deploy`,
            step: steps.deploy,
          }
        : { name: 'stacks', status: 'ok', detail: `deployed; site ${output(app, 'SiteUrl') ?? '?'}` };
    })),
  );
  results.push(...(await guarded('Stripe secrets', steps.stripe, () => checkStripe(clients, settings, data))));
  results.push(...(await guarded('first SUPER_ADMIN', steps.admin, () => checkAdmin(clients, data))));
  results.push(
    ...(await guarded('alarm e-mail', steps.alarms, () => checkAlarmSubscription(clients, settings, monitoring))),
  );
  return { account, identity: caller.Arn, region, results };
}

/** The report as printed: one line a check, then what to do. */
export function formatPreflight(preflight: Preflight, stage: string): string {
  const label: Record<CheckStatus, string> = { ok: 'ok', missing: 'MISSING', warning: 'warning', skipped: 'not yet' };
  const width = Math.max(...preflight.results.map((r) => r.name.length));
  const lines = [
    `Preflight of RetouchStudio-${stage}${preflight.region ? ` in ${preflight.region}` : ''}${
      preflight.identity ? ` as ${preflight.identity}` : ''
    } (read-only)`,
    ...preflight.results.map(
      (r) =>
        `  ${label[r.status].padEnd(8)} ${r.name.padEnd(width)}  ${r.detail}${
          r.step && r.status !== 'ok' ? `  (docs/deploy.md, step ${r.step})` : ''
        }`,
    ),
  ];
  const missing = preflight.results.filter((r) => r.status === 'missing');
  const warnings = preflight.results.filter((r) => r.status === 'warning');
  lines.push(
    missing.length
      ? `${missing.length} missing: follow the steps named above, then run npm run doctor again.`
      : `Nothing missing${warnings.length ? ` (${warnings.length} warning${warnings.length > 1 ? 's' : ''})` : ''}.`,
  );
  return lines.join('\n');
}
