import { awsError, awsFetch } from './aws-fetch.ts';
import { secretsBudget } from './sdk-options.ts';

/*
 * Secrets Manager's GetSecretValue, the one call the functions make to it (the origin secret, the
 * Stripe keys), as a signed `fetch` (lib/aws-fetch.ts) rather than the SDK's client, which every
 * bundle carried for it (11 KB). Errors carry the service's error name (ResourceNotFoundException...).
 */

/** The string value of a secret, at a version stage (AWSCURRENT when none is named). */
export async function readSecretString(secretId: string, versionStage?: string): Promise<string | undefined> {
  const response = await awsFetch({
    service: 'secretsmanager',
    endpointId: 'SECRETS_MANAGER',
    path: '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: secretId, ...(versionStage ? { VersionStage: versionStage } : {}) }),
    budget: secretsBudget,
  });
  if (!response.ok) throw await awsError('secretsmanager', response);
  return ((await response.json()) as { SecretString?: string }).SecretString;
}
