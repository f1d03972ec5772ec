import * as z from 'zod/mini';
import { publisherEnvNames } from '@studio/shared/site-publishing';

const settingsSchema = z.object({
  siteBucket: z.string().check(z.minLength(1)),
  siteUrl: z.url(),
  rendererDir: z.string().check(z.minLength(1)),
  releaseStoreArn: z.optional(z.string().check(z.minLength(1))),
});
export type PublisherSettings = z.infer<typeof settingsSchema>;

let cached: PublisherSettings | undefined;

/** The publisher's own configuration (shared/src/site-publishing.ts), validated once per container. */
export function publisherSettings(): PublisherSettings {
  if (!cached) {
    const env = process.env;
    const parsed = settingsSchema.safeParse(
      Object.fromEntries(Object.entries(publisherEnvNames).map(([key, name]) => [key, env[name] || undefined])),
    );
    if (!parsed.success) {
      const names = parsed.error.issues.map((i) => publisherEnvNames[i.path[0] as keyof typeof publisherEnvNames]);
      throw new Error(`Invalid publisher configuration: check ${names.join(', ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
