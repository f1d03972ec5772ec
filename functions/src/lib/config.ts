import * as z from 'zod/mini';
import { handlerEnvNames } from '@studio/shared/platform';

const required = () => z.string().check(z.minLength(1));

const configSchema = z.object({
  tableName: required(),
  mediaBucket: required(),
  uploadsBucket: required(),
  applicationsBucket: required(),
  userPoolId: required(),
  siteClientId: required(),
  staffClientId: required(),
  /** Only the groups that start background work (jobs, job-files) need it. */
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
