/**
 * Creates a SUPER_ADMIN: the first staff account of a new deployment, from which every other staff
 * member is invited in the console. Cognito e-mails a temporary password; the first sign-in at
 * /admin-login asks for a new one.
 *
 *   npm run create-admin -- --email boss@studio.example [--name "Ada Boss"] [--stage prod] [--region eu-west-1]
 *   npm run create-admin -- --email boss@studio.example --local        (the running `npm start`)
 *
 * The user pool: `--user-pool-id`, else the USER_POOL_ID environment variable, else the `UserPoolId`
 * output of the deployed `RetouchStudio-<stage>-Data` stack (AWS credentials from the usual chain).
 * With `--local`, the pool and the Cognito emulator of the running local stack (STUDIO_DATA_DIR or
 * .local/); the invitation lands in the local mailbox.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { emailSchema, usernameSchema } from '@studio/shared/auth';
import { currentHolder } from './local/run-lock.ts';

const usage =
  'Usage: npm run create-admin -- --email <e-mail> [--name <name>] [--local | --user-pool-id <id> | --stage <stage>] [--region <region>]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    local: { type: 'boolean', default: false },
    'user-pool-id': { type: 'string' },
    stage: { type: 'string', default: 'prod' },
    region: { type: 'string' },
  },
  strict: true,
});

const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail("Give the new SUPER_ADMIN's e-mail with --email.");
const name = usernameSchema.safeParse(values.name ?? email.data.split('@')[0]);
if (!name.success) fail('--name must be 1 to 50 characters.');

async function localTarget(): Promise<{ userPoolId: string; client: CognitoIdentityProviderClient }> {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = process.env.STUDIO_DATA_DIR ? path.resolve(process.env.STUDIO_DATA_DIR) : path.join(root, '.local');
  const holder = await currentHolder(dataDir);
  if (!holder?.cognitoEndpoint) fail(`The local stack is not running for ${dataDir}: start it with npm start first.`);
  const state = JSON.parse(await readFile(path.join(dataDir, 'state.json'), 'utf8')) as {
    pool?: { userPoolId?: string };
  };
  if (!state.pool?.userPoolId) fail(`No user pool recorded in ${dataDir}/state.json.`);
  return {
    userPoolId: state.pool.userPoolId,
    client: new CognitoIdentityProviderClient({
      endpoint: holder.cognitoEndpoint,
      region: 'us-east-1',
      // The emulator accepts any credentials.
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  };
}

async function awsTarget(): Promise<{ userPoolId: string; client: CognitoIdentityProviderClient }> {
  const region = values.region;
  let userPoolId = values['user-pool-id'] ?? process.env.USER_POOL_ID;
  if (!userPoolId) {
    const stackName = `RetouchStudio-${values.stage}-Data`;
    const described = await new CloudFormationClient({ region }).send(
      new DescribeStacksCommand({ StackName: stackName }),
    );
    userPoolId = described.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
    if (!userPoolId) fail(`Stack ${stackName} has no UserPoolId output; pass --user-pool-id.`);
  }
  return { userPoolId, client: new CognitoIdentityProviderClient({ region }) };
}

const { userPoolId, client } = values.local ? await localTarget() : await awsTarget();

let username: string;
try {
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email.data,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email.data },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name.data },
      ],
    }),
  );
  username = created.User!.Username!;
} catch (error) {
  if (error instanceof Error && error.name === 'UsernameExistsException') {
    fail(`An account with ${email.data} already exists in ${userPoolId}.`);
  }
  throw error;
}
try {
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: 'SUPER_ADMIN' }),
  );
} catch (error) {
  // No group-less account is left behind: it would count as a client.
  await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
  throw error;
}

console.log(
  `Created SUPER_ADMIN ${email.data} in ${userPoolId}.\n` +
    `A temporary password was e-mailed${values.local ? ' (see the local mailbox)' : ''}; ` +
    'sign in at /admin-login with it and choose a new password.',
);
