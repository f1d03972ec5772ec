import * as z from 'zod/mini';
import { notifierEnvNames } from '@studio/shared/notifications';

const settingsSchema = z.object({
  siteUrl: z.url({ protocol: /^https?$/ }),
  mailFrom: z.string().check(z.minLength(3)),
  mailConfigurationSet: z.optional(z.string().check(z.minLength(1))),
  maxSendAttempts: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(20)), 4),
  retryPauseMs: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(30_000)), 0),
});
export type NotifierSettings = z.infer<typeof settingsSchema>;

let cached: NotifierSettings | undefined;

/** The notifier's own settings (site URL, sender), read and validated once per container. */
export function notifierSettings(): NotifierSettings {
  if (!cached) {
    const env = process.env;
    const parsed = settingsSchema.safeParse(
      Object.fromEntries(Object.entries(notifierEnvNames).map(([key, name]) => [key, env[name] || undefined])),
    );
    if (!parsed.success) {
      const names = parsed.error.issues.map((i) => notifierEnvNames[i.path[0] as keyof typeof notifierEnvNames]);
      throw new Error(`Invalid notifier configuration: check ${names.join(', ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
