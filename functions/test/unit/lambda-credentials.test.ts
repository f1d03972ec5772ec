/** The environment-only credential provider that stands in for the SDK's chain in deployed bundles. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from '../../src/lib/lambda-credentials.ts';

afterEach(() => vi.unstubAllEnvs());

describe('lambda credentials', () => {
  it("reads the role's credentials Lambda puts in the environment", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '');
    expect(await defaultProvider({})()).toEqual({
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'session',
    });
  });

  it('fails plainly, and tells the SDK not to look further, when they are missing', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toMatchObject({
      name: 'CredentialsProviderError',
      tryNextLink: false,
      message: expect.stringMatching(/AWS_ACCESS_KEY_ID/),
    });
  });
});
