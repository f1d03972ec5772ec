import type * as z from 'zod/mini';
import type { Access } from '../access.ts';
import type { ApiKeyScope } from '../api-keys.ts';

/*
 * How a route is declared: the shape every entry of the route table has, and the route groups (one
 * Lambda function each). The entries themselves live in one module per group beside this one;
 * `index.ts` joins them into the whole table.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Route groups: one Lambda function each. The handler of group `g` is `functions/src/g/handler.ts`
 * and exports `handler`. Groups, folders and functions are spelled right (`carousel`, `gallery`);
 * only the paths keep the spec's spellings (`api/carousal/...`, `api/gallary/...`), since those
 * are the contract the browser calls.
 */
export const routeGroups = [
  'services',
  'subservices',
  'pricing',
  'testimonials',
  'slider-images',
  'users',
  'admin',
  'carousel',
  'gallery',
  'job-openings',
  'contact',
  'free-trial-leads',
  'uploads',
  'job-orders',
  'jobs',
  'job-files',
  'job-images',
  'images',
  'applications',
  'payments',
  'documents',
  'settings',
  'notifications',
  'organisations',
  'specs',
  'api-keys',
  'webhooks',
] as const;
export type RouteGroup = (typeof routeGroups)[number];

export interface RouteDefinition {
  method: HttpMethod;
  /** The spec's path, with `{name}` parameters, without the leading slash: `api/services/{id}`. */
  path: string;
  group: RouteGroup;
  access: Access;
  /**
   * The scope an organisation's API key needs to call this route (#36; shared/src/api-keys.ts).
   * Absent: the route refuses API keys (403), whatever their scopes: every staff route, and every
   * client route that is about a person rather than an organisation's work.
   */
  apiKey?: ApiKeyScope;
  params: z.ZodMiniType;
  query: z.ZodMiniType;
  /** Absent: the route takes no body and refuses one (unless `rawBody`). */
  body?: z.ZodMiniType;
  /**
   * The route reads its body as the exact bytes sent (`rawBody` of the route's input), neither
   * parsed nor checked for a content type: a webhook whose signature covers those bytes.
   */
  rawBody?: true;
  response: z.ZodMiniType;
  /** Seconds a shared cache (CloudFront) may keep a successful answer; public GETs only. */
  cacheSeconds?: number;
  /** Status of a successful answer; 200 when absent (201 for routes that create something). */
  successStatus?: 200 | 201;
}

// Free of side effects, so that a bundle that imports a group's module but uses few of its entries can
// leave the others out.
/* @__NO_SIDE_EFFECTS__ */
export function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

/**
 * Whether a route takes the generic `Idempotency-Key` (#36): every POST of the public API (a route a
 * key may call), but job creation, which keeps its key in the job's own transaction.
 */
export function takesIdempotencyKey(name: string, definition: Pick<RouteDefinition, 'method' | 'apiKey'>): boolean {
  return definition.method === 'POST' && definition.apiKey !== undefined && name !== 'createJob';
}

/** Seconds CloudFront may keep the public catalogue reads. */
export const catalogCacheSeconds = 60;

/** Fills `{name}` parameters of a route path: `fillPath('api/services/{id}', {id})` -> `/api/services/..`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return (
    '/' +
    path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`missing path parameter ${key}`);
      return encodeURIComponent(value);
    })
  );
}
