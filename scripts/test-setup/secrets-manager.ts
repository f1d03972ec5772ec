/**
 * A small stand-in for Secrets Manager's GetSecretValue over its JSON protocol, with version
 * stages as the service keeps them, for the tests that run the real SDK client against it (no
 * emulator of Secrets Manager runs here). Bound to 127.0.0.1. It checks that a request is signed
 * for the service (SigV4, `secretsmanager` in the credential scope), not the signature itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecretsManagerStandIn {
  /** The values by secret id: `current` (AWSCURRENT) and `previous` (AWSPREVIOUS) when rotated. */
  secrets: Map<string, { current: string; previous?: string }>;
  /** GetSecretValue calls answered, by secret id and stage. */
  reads: { secretId: string; stage: string }[];
  /** Answer every call with AccessDeniedException (a missing permission: the SDK does not retry it). */
  failing: boolean;
  rotate(secretId: string, next: string): void;
  start(): Promise<string>;
  close(): Promise<void>;
}

export function secretsManagerStandIn(initial: Record<string, string> = {}): SecretsManagerStandIn {
  const stand: SecretsManagerStandIn = {
    secrets: new Map(Object.entries(initial).map(([id, current]) => [id, { current }])),
    reads: [],
    failing: false,
    rotate(secretId, next) {
      const secret = stand.secrets.get(secretId);
      stand.secrets.set(secretId, { current: next, ...(secret ? { previous: secret.current } : {}) });
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const fail = (status: number, type: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ __type: type, message: type }));
      };
      if (!/Credential=[^,]+\/secretsmanager\/aws4_request/.test(req.headers.authorization ?? '')) {
        return fail(403, 'IncompleteSignatureException');
      }
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') return fail(400, 'InvalidRequestException');
      const body = JSON.parse(raw) as { SecretId: string; VersionStage?: string };
      const stage = body.VersionStage ?? 'AWSCURRENT';
      stand.reads.push({ secretId: body.SecretId, stage });
      if (stand.failing) return fail(400, 'AccessDeniedException');
      const secret = stand.secrets.get(body.SecretId);
      const value = stage === 'AWSPREVIOUS' ? secret?.previous : secret?.current;
      if (value === undefined) return fail(400, 'ResourceNotFoundException');
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify({
          ARN: body.SecretId,
          Name: 'secret',
          VersionId: value,
          SecretString: value,
          VersionStages: [stage],
        }),
      );
    });
  });
  return stand;
}
