/*
 * The deployment settings read from CDK context (README, "Deployment settings"), checked once. Plain
 * code with no CDK import: bin/app.ts builds the app from them and `npm run doctor` checks the AWS
 * account against the very same settings.
 */

export const deploymentProfiles = ['aws', 'localstack-full', 'localstack-free'] as const;
export type DeploymentProfile = (typeof deploymentProfiles)[number];

export type HandlerLogLevel = 'debug' | 'info' | 'warn' | 'error';
const logLevels: readonly HandlerLogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * The site's own domain (issue 37). Either the stacks make the certificates and DNS records in a
 * Route 53 zone (`hostedZoneId`), or the studio brings an issued certificate (`certificateArn`) and
 * makes the DNS records itself.
 */
export interface SiteDomain {
  /** The site's name, e.g. `studio.example.com`: the site URL and the first site origin. */
  readonly domainName: string;
  /** More names of the same site (e.g. `www.studio.example.com`), served by the same distribution. */
  readonly alternateDomainNames: readonly string[];
  /** The Route 53 hosted zone holding every name: certificates validated by DNS, alias records made. */
  readonly hostedZoneId?: string;
  /** An issued ACM certificate in us-east-1 covering every name (CloudFront takes certificates from there only). */
  readonly certificateArn?: string;
  /**
   * With `certificateArn`: an issued certificate in the app's region covering `apiOriginName`, for the
   * API's own domain behind CloudFront. Without it the execute-api endpoint stays enabled.
   */
  readonly originCertificateArn?: string;
}

/** Every name the distribution answers to, the primary first. */
export const siteNames = (domain: SiteDomain): string[] => [domain.domainName, ...domain.alternateDomainNames];

/**
 * The API's own name, which only CloudFront calls: API Gateway's execute-api endpoint is then
 * disabled, and the API answers on this name with the origin header (see route-table-api.ts).
 */
export const apiOriginName = (domain: SiteDomain): string => `api-origin.${domain.domainName}`;

export interface DeploymentSettings {
  readonly profile: DeploymentProfile;
  readonly stage: string;
  readonly region: string | undefined;
  readonly logLevel: HandlerLogLevel;
  readonly production: boolean;
  readonly protectData: boolean;
  readonly siteOrigins: readonly string[] | undefined;
  readonly siteUrl: string | undefined;
  readonly domain: SiteDomain | undefined;
  readonly alarmEmail: string | undefined;
  readonly monthlyBudgetUsd: number | undefined;
  /** The SES domain, From address and custom MAIL FROM subdomain; undefined: the placeholder (synth only). */
  readonly mail: { readonly domain: string; readonly from: string; readonly mailFromDomain?: string } | undefined;
  readonly cognitoSendsWithSes: boolean;
  /** Reserve concurrency for the site publisher (one publication at a time); needs a raised quota. */
  readonly reservedConcurrency: boolean;
}

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const originPattern = /^https?:\/\/[^/\s]+$/;
const acmArnPattern = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[0-9a-f-]{36}$/;

/** The region of an ACM certificate ARN, or undefined when it is not one. */
export function certificateRegion(arn: string): string | undefined {
  return acmArnPattern.exec(arn)?.[1];
}

function siteDomainFrom(context: (name: string) => string | undefined): SiteDomain | undefined {
  const domainName = context('domainName')?.toLowerCase();
  const alternates = (context('alternateDomainNames') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const hostedZoneId = context('hostedZoneId');
  const certificateArn = context('certificateArn');
  const originCertificateArn = context('originCertificateArn');
  if (!domainName) {
    const stray = Object.entries({
      alternateDomainNames: alternates.length ? 'x' : undefined,
      hostedZoneId,
      certificateArn,
      originCertificateArn,
    })
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    if (stray.length) throw new Error(`context ${stray.join(', ')} needs "domainName" (the site's own domain) too.`);
    return undefined;
  }
  for (const name of [domainName, ...alternates]) {
    if (!domainPattern.test(name))
      throw new Error(
        `context "domainName"/"alternateDomainNames" takes domain names like studio.example.com: got "${name}"`,
      );
  }
  if (new Set([domainName, ...alternates]).size !== alternates.length + 1) {
    throw new Error('context "alternateDomainNames" repeats a name.');
  }
  if ((hostedZoneId === undefined) === (certificateArn === undefined)) {
    throw new Error(
      'context "domainName" needs exactly one of "hostedZoneId" (a Route 53 zone: the stacks make the certificate and the DNS records) or "certificateArn" (an issued certificate in us-east-1; you make the DNS records). See docs/deploy.md, step 4.',
    );
  }
  if (hostedZoneId !== undefined && !/^Z[A-Z0-9]{1,32}$/.test(hostedZoneId)) {
    throw new Error(
      `context "hostedZoneId" takes a Route 53 zone id like Z0123456789ABCDEFGHIJ: got "${hostedZoneId}"`,
    );
  }
  if (certificateArn !== undefined && certificateRegion(certificateArn) !== 'us-east-1') {
    throw new Error(
      `context "certificateArn" must be an ACM certificate in us-east-1, where CloudFront takes certificates from: got "${certificateArn}"`,
    );
  }
  if (originCertificateArn !== undefined) {
    if (certificateArn === undefined) {
      throw new Error(
        'context "originCertificateArn" goes with "certificateArn"; with "hostedZoneId" the stack makes that certificate.',
      );
    }
    if (!certificateRegion(originCertificateArn)) {
      throw new Error(`context "originCertificateArn" must be an ACM certificate ARN: got "${originCertificateArn}"`);
    }
  }
  return {
    domainName,
    alternateDomainNames: alternates,
    ...(hostedZoneId !== undefined ? { hostedZoneId } : {}),
    ...(certificateArn !== undefined ? { certificateArn } : {}),
    ...(originCertificateArn !== undefined ? { originCertificateArn } : {}),
  };
}

/**
 * Reads and checks every deployment setting. `context(name)` gives a context value as text (lists
 * joined with commas), undefined when unset; `defaultRegion` is the region of the environment.
 * Throws an Error saying what is wrong and how to set it.
 */
export function readDeploymentSettings(
  context: (name: string) => string | undefined,
  defaultRegion: string | undefined,
): DeploymentSettings {
  const profile = (context('profile') ?? 'aws') as DeploymentProfile;
  if (!deploymentProfiles.includes(profile)) {
    throw new Error(`context "profile" must be one of ${deploymentProfiles.join(', ')}: got "${profile}"`);
  }
  const onLocalStack = profile !== 'aws';

  const stage = context('stage') ?? (onLocalStack ? 'local' : 'prod');
  if (!/^[A-Za-z][A-Za-z0-9-]{0,30}$/.test(stage)) {
    throw new Error(`context "stage" must be letters, digits and dashes, starting with a letter: got "${stage}"`);
  }

  const logLevel = (context('logLevel') ?? 'info') as HandlerLogLevel;
  if (!logLevels.includes(logLevel)) {
    throw new Error(`context "logLevel" must be one of ${logLevels.join(', ')}: got "${logLevel}"`);
  }

  const booleanContext = (name: string, fallback: boolean): boolean => {
    const value = context(name);
    if (value === undefined) return fallback;
    if (value !== 'true' && value !== 'false')
      throw new Error(`context "${name}" must be true or false: got "${value}"`);
    return value === 'true';
  };

  const domain = siteDomainFrom(context);
  const givenOrigins = context('siteOrigins')
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of givenOrigins ?? []) {
    if (!originPattern.test(origin)) {
      throw new Error(`context "siteOrigins" takes origins like https://studio.example.com: got "${origin}"`);
    }
  }
  // The site's own names are where browsers upload from; more origins may be added by hand.
  const domainOrigins = domain ? siteNames(domain).map((name) => `https://${name}`) : [];
  const siteOrigins = domain || givenOrigins ? [...new Set([...domainOrigins, ...(givenOrigins ?? [])])] : undefined;

  const siteUrl = context('siteUrl') ?? (domain ? `https://${domain.domainName}` : undefined);
  if (siteUrl !== undefined && !originPattern.test(siteUrl)) {
    throw new Error(`context "siteUrl" takes an origin like https://studio.example: got "${siteUrl}"`);
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

  // E-mail (issue 18): the SES domain identity and the From address on it. A deploy needs the real
  // domain; without one, synth uses a placeholder and warns.
  const mailDomain = context('mailDomain');
  if (mailDomain !== undefined && !domainPattern.test(mailDomain)) {
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
  const mailFromDomain = context('mailFromDomain')?.toLowerCase();
  if (mailFromDomain !== undefined && (!mailDomain || !mailFromDomain.endsWith(`.${mailDomain.toLowerCase()}`))) {
    throw new Error(
      `context "mailFromDomain" must be a subdomain of the mailDomain (${mailDomain ?? 'unset'}), e.g. mail.${mailDomain ?? 'studio.example'}: got "${mailFromDomain}"`,
    );
  }
  const cognitoEmail = context('cognitoEmail') ?? 'ses';
  if (cognitoEmail !== 'ses' && cognitoEmail !== 'cognito') {
    throw new Error(`context "cognitoEmail" must be ses or cognito: got "${cognitoEmail}"`);
  }

  return {
    profile,
    stage,
    // LocalStack answers in any region; us-east-1 is its default.
    region: defaultRegion ?? (onLocalStack ? 'us-east-1' : undefined),
    logLevel,
    production,
    protectData,
    siteOrigins,
    siteUrl,
    domain,
    alarmEmail,
    monthlyBudgetUsd,
    mail:
      mailDomain && mailFrom
        ? { domain: mailDomain, from: mailFrom, ...(mailFromDomain ? { mailFromDomain } : {}) }
        : undefined,
    cognitoSendsWithSes: cognitoEmail === 'ses',
    reservedConcurrency: booleanContext('reservedConcurrency', false),
  };
}

/** Where a stage's handlers and workers put their metrics (functions/src/lib/observability.ts). */
export const metricsNamespaceOf = (stage: string): string => `RetouchStudio/${stage}`;
