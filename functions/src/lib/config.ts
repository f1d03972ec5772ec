import * as z from 'zod/mini';
import { handlerEnvNames, handlerTuningEnvNames } from '@studio/shared/platform';

const required = () => z.string().check(z.minLength(1));

const wholeNumber = (fallback: number) =>
  z._default(z.pipe(z.string().check(z.regex(/^\d{1,4}$/)), z.transform(Number)), fallback);

const tuningSchema = z.object({
  /**
   * How long a container trusts an account status it read: the longest a disabled or deleted
   * account's token still works (docs/decisions/hardening.md, "Hardening for a live deployment (#19)").
   */
  accountStatusCacheSeconds: wholeNumber(30),
  addressLimitScale: wholeNumber(1),
  // Read by lib/sdk-options.ts when a client is made; listed here so it is validated too.
  sdkTimeoutScale: wholeNumber(1),
});
export type Tuning = z.infer<typeof tuningSchema>;

let cachedTuning: Tuning | undefined;

/** Optional settings with production defaults (`handlerTuningEnvNames`), read once per container. */
export function tuning(): Tuning {
  if (!cachedTuning) {
    const env = process.env;
    const parsed = tuningSchema.safeParse(
      Object.fromEntries(Object.entries(handlerTuningEnvNames).map(([key, name]) => [key, env[name] || undefined])),
    );
    if (!parsed.success) throw new Error(`Invalid handler tuning: ${Object.values(handlerTuningEnvNames).join(', ')}`);
    cachedTuning = parsed.data;
  }
  return cachedTuning;
}

const configSchema = z.object({
  tableName: required(),
  mediaBucket: required(),
  uploadsBucket: required(),
  applicationsBucket: required(),
  userPoolId: required(),
  siteClientId: required(),
  staffClientId: required(),
  /** Only the groups that start background work (job-orders, job-files) need it. */
  filesWorkerFunction: z.optional(required()),
  logLevel: z._default(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
});
export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

/**
 * The handler configuration, read from the environment and validated once per container.
 * Endpoints and credentials are not here: the AWS SDK reads them itself (AWS_ENDPOINT_URL_*),
 * which is the only thing that differs between AWS and the local stack.
 */
export function config(): Config {
  if (!cached) {
    const env = process.env;
    const parsed = configSchema.safeParse(
      Object.fromEntries(Object.entries(handlerEnvNames).map(([key, name]) => [key, env[name] || undefined])),
    );
    if (!parsed.success) {
      const names = parsed.error.issues.map((i) => handlerEnvNames[i.path[0] as keyof typeof handlerEnvNames]);
      throw new Error(`Invalid handler configuration: check ${names.join(', ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
