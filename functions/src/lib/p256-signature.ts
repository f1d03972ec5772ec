import { createECDH, createPrivateKey, sign } from 'node:crypto';

/**
 * ECDSA on P-256 over the SHA-256 of `message`, with the private scalar `privateKey` (32 bytes, as
 * SigV4A derives it from the secret access key): the signature as hex DER, as SigV4A writes it.
 *
 * What Node's own crypto (OpenSSL) does in place of the JavaScript elliptic-curve library the SDK's
 * SigV4A signer carries (34 KB minified): deployed bundles have their signer call this instead
 * (infra/lib/bundle-plugins.ts, `sigV4aWithNodeCrypto`). Only the site publisher signs with SigV4A
 * (the CloudFront KeyValueStore API requires it).
 */
export function signP256Sha256(privateKey: Uint8Array, message: string | Uint8Array): string {
  if (privateKey.length !== 32) throw new Error(`a P-256 private key is 32 bytes, not ${privateKey.length}`);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey));
  const point = ecdh.getPublicKey(null, 'uncompressed');
  const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: base64url(privateKey),
      x: base64url(point.subarray(1, 33)),
      y: base64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
  return sign('sha256', data, key).toString('hex');
}
