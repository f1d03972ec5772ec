/*
 * Stands in for `@aws-sdk/credential-provider-node` in the deployed bundles (an esbuild alias, see
 * infra/lib/bundle-settings.ts), and gives the signed calls of lib/aws-fetch.ts their credentials.
 * Lambda gives every function its role's credentials in the environment, so the SDK's default
 * chain (profiles, SSO, web identity, instance metadata, and the STS and SSO clients behind them)
 * is dead weight there.
 */

interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

class CredentialsMissingError extends Error {
  // Tells the SDK that no other provider follows this one.
  readonly tryNextLink = false;
  constructor() {
    super('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).');
    this.name = 'CredentialsProviderError';
  }
}

/** The SDK clients call `defaultProvider(init)` once per client and then the returned provider. */
export function defaultProvider(_init?: unknown): () => Promise<EnvCredentials> {
  return async () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) throw new CredentialsMissingError();
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
    return {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(expiry ? { expiration: new Date(expiry) } : {}),
    };
  };
}
