/**
 * Creates the table, buckets and user pool in the emulators from the same definitions the CDK
 * stack reads (shared/src/platform.ts). Safe to run on every start: existing resources are kept.
 */
import {
  AddCustomAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { studioName } from '@studio/shared/notifications';
import { indexProjection, tableDefinition, userPoolDefinition } from '@studio/shared/platform';

export const localNames = {
  table: 'studio-local',
  mediaBucket: 'studio-media',
  uploadsBucket: 'studio-uploads',
  applicationsBucket: 'studio-applications',
  /** The site bucket the publisher writes releases to (CloudFront's site origin on AWS). */
  siteBucket: 'studio-site',
  userPool: 'studio-users',
  /** The files worker's function name (served by the local Lambda endpoint). */
  filesWorker: 'studio-files-worker',
  /** The preview worker's (#33). */
  previewWorker: 'studio-preview-worker',
} as const;

export interface UserPoolIds {
  userPoolId: string;
  siteClientId: string;
  staffClientId: string;
}

// s3rver accepts only its own fixed key pair; the other emulators accept any.
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const credentials = localCredentials;
export const localRegion = 'us-east-1';
/** Where e-mails come from locally; on AWS the `mailFrom` deployment setting. */
export const localMailFrom = `${studioName} <notifications@studio.test>`;

export const dynamoClient = (endpoint: string) => new DynamoDBClient({ endpoint, region: localRegion, credentials });
export const s3Client = (endpoint: string) =>
  new S3Client({ endpoint, region: localRegion, credentials, forcePathStyle: true });
export const cognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient({ endpoint, region: localRegion, credentials });

type IndexDefinition = (typeof tableDefinition.indexes)[number];

function indexDefinition(index: IndexDefinition) {
  const projected = indexProjection(index);
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: projected
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...projected] }
      : { ProjectionType: 'ALL' as const },
  };
}

async function untilIndexActive(client: DynamoDBClient, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const table = await client.send(new DescribeTableCommand({ TableName: localNames.table }));
    const status = table.Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === name)?.IndexStatus;
    if (status === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The local table's index ${name} did not become active.`);
}

/**
 * Creates the local table, or brings one kept in `.local/` up to the current definition (its stream,
 * the indexes added since). Returns the names of the indexes it added to an existing table: the
 * caller puts right what they need (the open-jobs index's keys: `repairOpenJobsIndex`, as the
 * one-off command does after the deployment that adds it).
 */
export async function provisionTable(endpoint: string): Promise<string[]> {
  const client = dynamoClient(endpoint);
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: localNames.table }));
    // A table kept in .local/ from before the stream existed gets it now.
    if (!existing.Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({ TableName: localNames.table, StreamSpecification: tableDefinition.stream }),
      );
    }
    // ... and the indexes added since (GSI4, the open jobs: its keys are written by the one-off
    // repair, which the local stack runs when it added it; GSI5, jobs by last change: DynamoDB fills
    // it from the items' own attributes).
    const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    const added: string[] = [];
    for (const index of tableDefinition.indexes.filter((i) => !present.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: localNames.table,
          AttributeDefinitions: [
            { AttributeName: index.partitionKey, AttributeType: 'S' },
            { AttributeName: index.sortKey, AttributeType: 'S' },
          ],
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      );
      await untilIndexActive(client, index.name);
      added.push(index.name);
    }
    return added;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { partitionKey, sortKey, indexes } = tableDefinition;
  const attributes = [...new Set([partitionKey, sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])])];
  await client.send(
    new CreateTableCommand({
      TableName: localNames.table,
      BillingMode: 'PAY_PER_REQUEST',
      // Stream consumers (the notifier, the site publisher) read it, locally through
      // scripts/local/stream-consumer.ts.
      StreamSpecification: tableDefinition.stream,
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map(indexDefinition),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: localNames.table,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
  return [];
}

export async function provisionBuckets(endpoint: string, siteOrigin: string): Promise<void> {
  const client = s3Client(endpoint);
  for (const bucket of [
    localNames.mediaBucket,
    localNames.uploadsBucket,
    localNames.applicationsBucket,
    localNames.siteBucket,
  ]) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
  }
  // Browsers post uploads straight to the uploads and applications buckets, as they will in
  // production. (The emulator has no lifecycle rules: abandoned applicant uploads stay locally.)
  for (const bucket of [localNames.uploadsBucket, localNames.applicationsBucket]) {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [siteOrigin],
              AllowedMethods: ['POST', 'PUT', 'GET'],
              AllowedHeaders: ['*'],
              // The browser reads each part's ETag to complete a multipart upload (#33).
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
}

/** Reuses the pool recorded in `existing` when it is still there; otherwise creates a new one. */
export async function provisionUserPool(endpoint: string, existing: UserPoolIds | undefined): Promise<UserPoolIds> {
  const client = cognitoClient(endpoint);
  // Two-step sign-in as the CDK stack sets it (a pool made before it existed gets it here too).
  const mfa = (userPoolId: string) =>
    client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: userPoolDefinition.mfa.configuration,
        SoftwareTokenMfaConfiguration: { Enabled: userPoolDefinition.mfa.softwareToken },
      }),
    );
  // The attribute the API sets once an account has set up two-step sign-in (a pool made before it
  // existed gets it here too).
  const enrolledAttribute = async (userPoolId: string) => {
    const described = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    const name = `custom:${userPoolDefinition.mfaEnrolledAttribute}`;
    if (described.UserPool?.SchemaAttributes?.some((attribute) => attribute.Name === name)) return;
    await client.send(
      new AddCustomAttributesCommand({
        UserPoolId: userPoolId,
        CustomAttributes: [
          {
            Name: userPoolDefinition.mfaEnrolledAttribute,
            AttributeDataType: 'String',
            Mutable: true,
            StringAttributeConstraints: { MinLength: '1', MaxLength: '8' },
          },
        ],
      }),
    );
  };
  if (existing) {
    let found = false;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      found = true;
    } catch {
      // the emulator's data was wiped: make a new pool
    }
    if (found) {
      await mfa(existing.userPoolId);
      await enrolledAttribute(existing.userPoolId);
      return existing;
    }
  }
  const policy = userPoolDefinition.passwordPolicy;
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: localNames.userPool,
      UsernameAttributes: [userPoolDefinition.usernameAttribute],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: policy.minimumLength,
          RequireLowercase: policy.requireLowercase,
          RequireUppercase: policy.requireUppercase,
          RequireNumbers: policy.requireDigits,
          RequireSymbols: policy.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  await mfa(userPoolId);
  await enrolledAttribute(userPoolId);
  const clientIds: string[] = [];
  for (const app of Object.values(userPoolDefinition.appClients)) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: app.name,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        WriteAttributes: [...userPoolDefinition.clientWriteAttributes],
      }),
    );
    clientIds.push(created.UserPoolClient!.ClientId!);
  }
  for (const group of userPoolDefinition.groups) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  return { userPoolId, siteClientId: clientIds[0]!, staffClientId: clientIds[1]! };
}
