import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { defaultProvider } from './lambda-credentials.ts';
import type { CallBudget } from './sdk-options.ts';

/*
 * One AWS API call as a SigV4-signed `fetch`, for a service a function calls once or twice (the
 * files worker's asynchronous Invoke, AdminGetUser of one account): a whole SDK client for it
 * costs a bundle 30 KB or more (docs/decisions/hardening.md, "bundle diet"), this costs about 2 KB, since
 * the signer is in every bundle already (presigned URLs, S3). Endpoints, region and credentials
 * come from the same environment variables the SDK reads (`AWS_ENDPOINT_URL_<SERVICE>` locally;
 * the role's credentials on Lambda), and the call keeps the SDK client's budget: a timeout per
 * attempt, retried on timeouts, refused connections, throttling and 5xx.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** node:crypto behind the hash interface the signer expects (HMAC when given a secret). */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** An AWS service's error answer, shaped like the SDK's: `name` is the error type, 5xx is `$metadata`. */
export class AwsCallError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(name: string, message: string, status: number) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

export interface AwsCall {
  /** The signing name (`lambda`, `cognito-idp`). */
  service: string;
  /** The service's `AWS_ENDPOINT_URL_<ID>` suffix (`LAMBDA`, `COGNITO_IDENTITY_PROVIDER`). */
  endpointId: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  budget: CallBudget;
}

function region(): string {
  const value = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!value) throw new Error('AWS_REGION is not set');
  return value;
}

/** Where the service answers: the SDK's endpoint variables first, then the regional endpoint. */
export function serviceEndpoint(service: string, endpointId: string, inRegion = region()): URL {
  const configured = process.env[`AWS_ENDPOINT_URL_${endpointId}`] ?? process.env.AWS_ENDPOINT_URL;
  if (configured) return new URL(configured);
  const domain = inRegion.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return new URL(`https://${service}.${inRegion}.${domain}`);
}

const credentials = defaultProvider();

/** Whether a failed attempt is worth another: the service was slow, down or throttling. */
function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Sends the signed request, retrying as the SDK would; answers the last response (any status). */
export async function awsFetch(call: AwsCall): Promise<Response> {
  const inRegion = region();
  const endpoint = serviceEndpoint(call.service, call.endpointId, inRegion);
  const signer = new SignatureV4({ service: call.service, region: inRegion, credentials, sha256: Sha256 });
  const basePath = endpoint.pathname.replace(/\/$/, '');
  let lastError: unknown;
  for (let attempt = 1; attempt <= call.budget.maxAttempts; attempt++) {
    // Signed per attempt: the signature holds the time.
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path: basePath + call.path,
      query: {},
      headers: { ...call.headers, host: endpoint.host },
      body: call.body,
    });
    const headers = { ...signed.headers };
    // fetch sets Host itself (and refuses to be given one).
    delete headers.host;
    try {
      const response = await fetch(new URL(basePath + call.path, endpoint), {
        method: 'POST',
        headers,
        body: call.body,
        signal: AbortSignal.timeout(call.budget.connectionTimeoutMs + call.budget.requestTimeoutMs),
      });
      if (attempt < call.budget.maxAttempts && retryable(response.status)) {
        await response.body?.cancel();
        continue;
      }
      return response;
    } catch (error) {
      lastError = error;
    }
  }
  const error = lastError as { name?: string; cause?: { code?: string } } | undefined;
  if (error?.name === 'TimeoutError')
    throw new AwsCallError('TimeoutError', `${call.service} did not answer in time`, 0);
  // Keep the connection error's code (ECONNREFUSED...), as the SDK does.
  throw Object.assign(new Error(`${call.service} could not be reached: ${String(lastError)}`), {
    name: 'NetworkingError',
    code: error?.cause?.code,
  });
}

/** The error an AWS answer describes (JSON and REST-JSON protocols: the header, or `__type`). */
export async function awsError(service: string, response: Response): Promise<AwsCallError> {
  const text = await response.text().catch(() => '');
  let body: { __type?: string; message?: string; Message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  const type = response.headers.get('x-amzn-errortype') ?? body.__type ?? `HttpError${response.status}`;
  // `aws.protocols#Name:http://...` and `namespace#Name` both name `Name`.
  const name = type.split(':')[0]!.split('#').pop()!;
  return new AwsCallError(
    name,
    body.message ?? body.Message ?? `${service} answered ${response.status}`,
    response.status,
  );
}
