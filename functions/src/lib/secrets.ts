import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { lazy } from './lazy.ts';
import { traced } from './observability.ts';
import { clientOptions, secretsBudget } from './sdk-options.ts';

/*
 * Secrets Manager's GetSecretValue through the SDK's client, the one call the functions make to
 * it: the origin secret (every function, deployed) and the Stripe keys (payments). Each caller
 * keeps what it read for as long as its own rule says (origin-guard.ts re-reads on rotation,
 * stripe.ts keeps the keys for the container), so there is no second cache here. The client is
 * loaded with the first read, not at start: locally no function reads a secret at all, and
 * deployed the first request pays for it once. Errors are the SDK's (`ResourceNotFoundException`...).
 */

const secretsManager = lazy(async () => {
  const sdk = await import('@aws-sdk/client-secrets-manager');
  const client: SecretsManagerClient = traced(new sdk.SecretsManagerClient(clientOptions(secretsBudget)));
  return { client, GetSecretValueCommand: sdk.GetSecretValueCommand };
});

/** The string value of a secret, at a version stage (AWSCURRENT when none is named). */
export async function readSecretString(secretId: string, versionStage?: string): Promise<string | undefined> {
  const { client, GetSecretValueCommand } = await secretsManager();
  const answer = await client.send(
    new GetSecretValueCommand({ SecretId: secretId, ...(versionStage ? { VersionStage: versionStage } : {}) }),
  );
  return answer.SecretString;
}
