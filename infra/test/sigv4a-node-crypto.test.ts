/**
 * The site publisher's bundle signs SigV4A (the CloudFront KeyValueStore API) with Node's crypto in
 * place of the SDK's JavaScript elliptic-curve library (infra/lib/bundle-plugins.ts,
 * `sigV4aWithNodeCrypto`): the patched signer must sign exactly what the SDK's signs, with the
 * same derived key, and the library must be gone from the bundle.
 */
import { createECDH, createHash, createHmac, createPublicKey, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SignatureV4a as SdkSignatureV4a } from '@smithy/signature-v4a';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sigV4aWithNodeCrypto } from '../lib/bundle-plugins.ts';
import { repoRoot } from '../lib/paths.ts';

type Signer = typeof SdkSignatureV4a;

/** SHA-256, or HMAC-SHA-256 given a secret: the constructor shape the SDK's signers take. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Uint8Array | ArrayBuffer | ArrayBufferView | string) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Uint8Array | ArrayBuffer | ArrayBufferView | string) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

function bytes(data: Uint8Array | ArrayBuffer | ArrayBufferView | string): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

let dir: string;
let text: string;
let Patched: Signer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sigv4a-'));
  const entry = path.join(dir, 'entry.ts');
  await writeFile(entry, "export { SignatureV4a } from '@smithy/signature-v4a';\n");
  await build({
    entryPoints: [entry],
    outfile: path.join(dir, 'out.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    mainFields: ['module', 'main'],
    nodePaths: [path.join(repoRoot, 'node_modules')],
    plugins: [sigV4aWithNodeCrypto()],
    logLevel: 'silent',
  });
  text = await readFile(path.join(dir, 'out.mjs'), 'utf8');
  ({ SignatureV4a: Patched } = (await import(pathToFileURL(path.join(dir, 'out.mjs')).href)) as {
    SignatureV4a: Signer;
  });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const request = () => ({
  method: 'POST',
  protocol: 'https:',
  hostname: 'example.cloudfront-kvs.global.api.aws',
  path: '/key-value-stores/arn%3Aaws%3Acloudfront%3A%3A1%3Akey-value-store%2Fx/keys',
  query: {},
  headers: { host: 'example.cloudfront-kvs.global.api.aws', 'content-type': 'application/json', 'if-match': 'E1' },
  body: '{"Puts":[{"Key":"release","Value":"01J"}]}',
});

/** Signs with `Signer`, recording the derived private key and the string it signed. */
async function signWith(Signer: Signer) {
  const signer = new Signer({ credentials, region: '*', service: 'cloudfront-keyvaluestore', sha256: Sha256 });
  const seen: { privateKey?: Uint8Array; stringToSign?: string } = {};
  // Its (private) method that signs the string with the derived key, observed.
  const open = signer as unknown as { getSignature: (key: Uint8Array, text: string) => Promise<string> };
  const original = open.getSignature.bind(signer);
  open.getSignature = (privateKey, stringToSign) => {
    Object.assign(seen, { privateKey, stringToSign });
    return original(privateKey, stringToSign);
  };
  const signed = await signer.sign(request() as never, { signingDate: new Date('2026-11-25T19:00:00Z') });
  const authorization = String((signed as { headers: Record<string, string> }).headers.authorization);
  const [, signature] = /Signature=([0-9a-f]+)$/.exec(authorization)!;
  return { authorization, signature: signature!, ...(seen as Required<typeof seen>) };
}

function publicKeyOf(privateKey: Uint8Array) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey));
  const point = ecdh.getPublicKey(null, 'uncompressed');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

describe('SigV4A signed with Node crypto', () => {
  it('leaves the elliptic-curve library out of the bundle', () => {
    expect(text).toContain('signP256Sha256');
    expect(text).not.toContain('keyFromPrivate');
  });

  it("signs the SDK's string to sign with the SDK's derived key, a signature the key's public half verifies", async () => {
    const sdk = await signWith(SdkSignatureV4a);
    const patched = await signWith(Patched);
    expect(patched.stringToSign).toBe(sdk.stringToSign);
    expect(Buffer.from(patched.privateKey)).toEqual(Buffer.from(sdk.privateKey));
    // Everything but the signature (ECDSA signatures differ from run to run) is the SDK's.
    expect(patched.authorization.replace(/Signature=.*$/, '')).toBe(sdk.authorization.replace(/Signature=.*$/, ''));
    const key = publicKeyOf(sdk.privateKey);
    const message = Buffer.from(sdk.stringToSign, 'utf8');
    expect(verify('sha256', message, key, Buffer.from(patched.signature, 'hex'))).toBe(true);
    // The same check accepts the SDK's own signature, and refuses a signature of anything else.
    expect(verify('sha256', message, key, Buffer.from(sdk.signature, 'hex'))).toBe(true);
    expect(verify('sha256', Buffer.from('other'), key, Buffer.from(patched.signature, 'hex'))).toBe(false);
  });
});
