/**
 * Rotates the secret CloudFront sends to the API as its origin header (x-origin-verify):
 *
 *   npm run rotate-origin-secret -- [--stage prod] [--region eu-west-1]
 *
 * 1. stores a new value in the secret (it becomes AWSCURRENT, the old one AWSPREVIOUS): the
 *    functions accept both, and learn the new one on the first request carrying it;
 * 2. sets CloudFront's origin header to the new value and waits until the distribution is
 *    deployed: edges switch over within minutes, each sending the old or the new value meanwhile.
 * The old value stays accepted until the next rotation. The stack's template names the secret
 * (a dynamic reference), so a later `npm run deploy` keeps CloudFront on the current value.
 * Interrupted after step 1, run it again: it finishes the rotation instead of starting another.
 *
 * Needs AWS credentials allowed to describe the app stack, read and write the secret, and read and
 * update the distribution.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  waitUntilDistributionDeployed,
} from '@aws-sdk/client-cloudfront';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { originHeaderValue, rotationStep, withOriginHeader } from './origin-secret.ts';

const { values } = parseArgs({
  options: { stage: { type: 'string', default: 'prod' }, region: { type: 'string' } },
  strict: true,
});
const region = values.region;
const stackName = `RetouchStudio-${values.stage}-App`;

const described = await new CloudFormationClient({ region }).send(new DescribeStacksCommand({ StackName: stackName }));
const output = (key: string) => {
  const value = described.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;
  if (!value) throw new Error(`${stackName} has no ${key} output: deploy the stack first.`);
  return value;
};
const secretArn = output('OriginSecretArn');
const distributionId = output('DistributionId');

const secrets = new SecretsManagerClient({ region });
// CloudFront's API lives in us-east-1 whatever the app's region.
const cloudFront = new CloudFrontClient({ region: 'us-east-1' });

const current = (await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString;
if (!current) throw new Error('The origin secret has no value.');
const { DistributionConfig: config, ETag } = await cloudFront.send(
  new GetDistributionConfigCommand({ Id: distributionId }),
);
if (!config?.Origins?.Items || !ETag) throw new Error(`Could not read the configuration of ${distributionId}.`);

let value = current;
if (rotationStep(originHeaderValue(config.Origins.Items), current) === 'rotate') {
  value = randomBytes(36).toString('base64url');
  await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: value }));
  console.log('Stored a new value; the functions now accept it and the previous one.');
} else {
  console.log('CloudFront does not send the current value yet: finishing the rotation that was started.');
}

await cloudFront.send(
  new UpdateDistributionCommand({
    Id: distributionId,
    IfMatch: ETag,
    DistributionConfig: {
      ...config,
      Origins: { ...config.Origins, Items: withOriginHeader(config.Origins.Items, value) },
    },
  }),
);
console.log(`CloudFront ${distributionId} now sends the new value; waiting until it is deployed...`);
await waitUntilDistributionDeployed({ client: cloudFront, maxWaitTime: 30 * 60 }, { Id: distributionId });
console.log('Done. The previous value stays accepted until the next rotation.');
