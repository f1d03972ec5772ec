import { routeList } from './routes/index.ts';

/*
 * The one per-address rate rule (#33), enforced by the WAF in front of the CDN
 * (infra/lib/constructs/site-firewall.ts) and by the local gateway (scripts/local/gateway.ts)
 * alike: it counts anonymous requests only, the public POSTs bots hammer (forms, sign-up, sign-in,
 * password resets, job applications), all of one address together. A signed-in person's requests
 * are never counted by address: a studio's whole office, or a client uploading 5,000 photos, shares
 * one address. Signed-in writes are limited per account by the API instead
 * (functions/src/lib/limits.ts). Numbers and reasons: docs/decisions/images.md. Read by infra and
 * scripts only: it holds the whole route table.
 */

/** Anonymous POSTs one address may send per window before being answered 429. */
export const anonymousPostLimit = { requests: 100, windowSeconds: 300 } as const;

/**
 * The paths the rule counts: every public POST of the route table but the signed webhooks. None has
 * a path parameter, so the WAF matches each exactly.
 */
export const anonymousPostPaths: readonly string[] = routeList
  .filter((route) => route.access === 'public' && route.method === 'POST' && !route.rawBody)
  .map((route) => `/${route.path}`);

const counted = new Set(anonymousPostPaths);

/** Whether a request counts against its address's allowance (the path as sent, without query). */
export function countsAsAnonymousPost(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && counted.has(path.toLowerCase());
}
