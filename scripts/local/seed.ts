/**
 * Demo content and demo accounts, written on the first start of a fresh data directory. The
 * catalogue goes through the same data-access functions the handlers use.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminUpdateUserAttributesCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { staffMfaPolicy, userPoolDefinition, type StaffRole } from '@studio/shared/platform';
import { cognitoClient, dynamoClient, localNames, s3Client, type UserPoolIds } from './provision.ts';
import { slideShots } from '../media/demo-shots.ts';
import { seedPrices, seedServices, seedTestimonials, seedTurnarounds, seedVolumeTiers } from './seed-data.ts';
import { inParallel, servicePair, slidePhoto, subServicePair } from './seed-images.ts';
import { seedDemoJobs } from './seed-jobs.ts';
import { seedDemoSpecs } from './seed-specs.ts';
import { seedPublicContent, type SeededService } from './seed-public.ts';
import { putVariants } from './seed-variants.ts';
import { totp } from './totp.ts';

export interface DemoAccount {
  role: StaffRole | 'CLIENT';
  email: string;
  password: string;
  /**
   * The authenticator secret of a role that signs in with two-step sign-in (base32): the demo's
   * own "authenticator app". `npm run totp -- <email>` prints its current code.
   */
  totpSecret?: string;
}

export interface SeedOptions {
  dynamoEndpoint: string;
  s3Endpoint: string;
  cognitoEndpoint: string;
  pool: UserPoolIds;
  accountsFile: string;
  /**
   * Store the AVIF/WebP variants of the seeded catalogue and public images (default true). Only
   * the site shows them: a stack that serves none (the API and isolated suites) skips six of
   * every seven of the seed's uploads, about 7 s of CPU per start.
   */
  imageVariants?: boolean;
}

const marker = { PK: { S: 'META' }, SK: { S: 'SEED' } };
/** Per-attempt timeout of the seed's SDK calls. */
const seedAttemptMs = 30_000;

/** Seeds once per data directory; later starts only read the accounts back. */
export async function seedIfEmpty(options: SeedOptions): Promise<{ seeded: boolean; accounts: DemoAccount[] }> {
  const db = dynamoClient(options.dynamoEndpoint);
  const done = await db.send(new GetItemCommand({ TableName: localNames.table, Key: marker }));
  if (done.Item) {
    return { seeded: false, accounts: await readAccounts(options.accountsFile) };
  }
  // The seed writes through the handlers' data functions, whose clients give up on a call after
  // a second (functions/src/lib/sdk-options.ts); a freshly started emulator's first answers can
  // take longer, and a seed is a batch job, not a request someone waits for.
  const { withLongerAttempts } = await import('../../functions/src/lib/sdk-options.ts');
  const accounts = await withLongerAttempts(seedAttemptMs, async () => {
    await seedCatalog(options.s3Endpoint, options.imageVariants ?? true);
    const seededAccounts = await seedAccounts(options);
    await seedDemoJobs(
      options.cognitoEndpoint,
      options.pool.userPoolId,
      seededAccounts.find((a) => a.role === 'CLIENT')!.email,
      seededAccounts.find((a) => a.role === 'EDITOR')?.email,
    );
    await seedDemoSpecs(
      options.cognitoEndpoint,
      options.pool.userPoolId,
      seededAccounts.find((a) => a.role === 'CLIENT')!.email,
    );
    return seededAccounts;
  });
  await mkdir(path.dirname(options.accountsFile), { recursive: true });
  await writeFile(options.accountsFile, JSON.stringify(accounts, null, 2) + '\n');
  await db.send(
    new PutItemCommand({
      TableName: localNames.table,
      Item: { ...marker, seededAt: { S: new Date().toISOString() } },
    }),
  );
  return { seeded: true, accounts };
}

async function readAccounts(file: string): Promise<DemoAccount[]> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DemoAccount[];
  } catch {
    return [];
  }
}

/** A slide, service or subservice image: the site shows these in AVIF/WebP variants (seed-variants.ts). */
async function putJpegWithVariants(s3Endpoint: string, key: string, body: Buffer, variants: boolean) {
  await putJpeg(s3Endpoint, key, body);
  if (variants) await putVariants(s3Client(s3Endpoint), localNames.mediaBucket, key, body);
}

async function putJpeg(s3Endpoint: string, key: string, body: Buffer) {
  await s3Client(s3Endpoint).send(
    new PutObjectCommand({
      Bucket: localNames.mediaBucket,
      Key: key,
      Body: body,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=86400',
    }),
  );
}

async function seedCatalog(s3Endpoint: string, variants: boolean) {
  // Imported here, after the stack has set the handler environment these modules read.
  const { createService } = await import('../../functions/src/data/catalog.ts');
  const { createSliderImages, createTestimonials } = await import('../../functions/src/data/content.ts');

  const seeded: SeededService[] = seedServices.map((seed) => ({ id: ulid(), name: seed.name, line: seed.line }));
  // Each service with its images stored first; the services are created in order (their `order`).
  const services = await inParallel(
    seedServices.map((seed, index) => async () => {
      const { id } = seeded[index]!;
      const base = `media/services/${id}`;
      const own = await servicePair(seed.line);
      await Promise.all([
        putJpegWithVariants(s3Endpoint, `${base}/before.jpg`, own.before, variants),
        putJpegWithVariants(s3Endpoint, `${base}/after.jpg`, own.after, variants),
      ]);
      const subServices = await Promise.all(
        seed.subServices.map(async (sub, order) => {
          const subId = ulid();
          const subBase = `media/subservices/${subId}`;
          const images = await subServicePair(seed.line, order);
          await Promise.all([
            putJpegWithVariants(s3Endpoint, `${subBase}/before.jpg`, images.before, variants),
            putJpegWithVariants(s3Endpoint, `${subBase}/after.jpg`, images.after, variants),
          ]);
          return {
            id: subId,
            name: sub.name,
            description: sub.description,
            order: order + 1,
            prices: seedPrices(sub.usdCents),
            beforeImageKey: `${subBase}/before.jpg`,
            afterImageKey: `${subBase}/after.jpg`,
          };
        }),
      );
      return {
        id,
        name: seed.name,
        description: seed.description,
        beforeImageKey: `${base}/before.jpg`,
        afterImageKey: `${base}/after.jpg`,
        order: index + 1,
        subServices,
        turnarounds: seedTurnarounds,
        volumeTiers: seedVolumeTiers,
      };
    }),
    2,
  );
  for (const service of services) await createService(service);

  await createTestimonials(seedTestimonials.map((t, order) => ({ ...t, id: ulid(), order: order + 1 })));

  const slides = await inParallel(
    slideShots.map((slide, order) => async () => {
      const id = ulid();
      const key = `media/slides/${id}.jpg`;
      await putJpegWithVariants(s3Endpoint, key, await slidePhoto(order), variants);
      return { id, imageKey: key, order: order + 1, title: slide.title, text: slide.text };
    }),
    2,
  );
  await createSliderImages(slides);
  await seedPublicContent(s3Endpoint, seeded, { variants });
}

function demoPassword(): string {
  // Meets the pool's policy: upper and lower case letters and digits, 8+ characters.
  return `Demo-${randomBytes(6).toString('hex')}-A1`;
}

async function seedAccounts(options: SeedOptions): Promise<DemoAccount[]> {
  const client = cognitoClient(options.cognitoEndpoint);
  const wanted: { role: DemoAccount['role']; email: string; name: string }[] = [
    { role: 'SUPER_ADMIN', email: 'admin@studio.test', name: 'Ada Admin' },
    { role: 'MANAGER', email: 'manager@studio.test', name: 'Max Manager' },
    { role: 'EDITOR', email: 'editor@studio.test', name: 'Eve Editor' },
    { role: 'CLIENT', email: 'client@studio.test', name: 'Chris Client' },
  ];
  const { recordAccount } = await import('../../functions/src/data/account-status.ts');
  const accounts: DemoAccount[] = [];
  for (const account of wanted) {
    const password = demoPassword();
    const id = await createConfirmedUser(client, options.pool.userPoolId, account.email, account.name, password);
    let totpSecret: string | undefined;
    if (account.role !== 'CLIENT') {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: options.pool.userPoolId,
          Username: account.email,
          GroupName: account.role,
        }),
      );
      if (staffMfaPolicy[account.role] === 'required') {
        totpSecret = await enrolAuthenticator(client, options.pool, account.email, password);
      }
    }
    await recordAccount(id, { status: 'ACTIVE', ...(totpSecret ? { mfaEnabled: true } : {}) });
    accounts.push({ role: account.role, email: account.email, password, ...(totpSecret ? { totpSecret } : {}) });
  }
  return accounts;
}

/**
 * Sets up two-step sign-in for a demo account as its owner would at first sign-in: Cognito hands
 * out a secret, a code computed from it (scripts/local/totp.ts, RFC 6238) confirms it, and the code
 * is required from then on. Returns the secret, kept in the demo accounts file.
 */
async function enrolAuthenticator(
  client: ReturnType<typeof cognitoClient>,
  pool: UserPoolIds,
  email: string,
  password: string,
): Promise<string> {
  const userPoolId = pool.userPoolId;
  const signedIn = await client.send(
    new InitiateAuthCommand({
      ClientId: pool.staffClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const accessToken = signedIn.AuthenticationResult!.AccessToken!;
  const { SecretCode: secret } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  await client.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(secret!), FriendlyDeviceName: 'Demo' }),
  );
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  // As the API marks an account that set it up (functions/src/data/staff-accounts.ts, markMfaEnrolled).
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: email,
      UserAttributes: [{ Name: `custom:${userPoolDefinition.mfaEnrolledAttribute}`, Value: 'true' }],
    }),
  );
  return secret!;
}

/** Creates a user who can sign in at once with `password` (no e-mail sent, no reset forced). */
export async function createConfirmedUser(
  client: ReturnType<typeof cognitoClient>,
  userPoolId: string,
  email: string,
  name: string,
  password: string,
): Promise<string> {
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
  );
  return created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User!.Username!;
}
