import type { RouteImpl } from '../lib/http.ts';
import { lazy } from '../lib/lazy.ts';

// The document as `npm run openapi` wrote it from the route table (a test keeps it in step): a
// chunk loaded by this route's first request only. The services function carries no other group's
// routes, so the document is not generated here.
const document = lazy(() => import('../openapi/openapi.json', { with: { type: 'json' } }).then((m) => m.default));

/** `GET api/openapi.json` (#36): the API's OpenAPI 3.1 document. */
export const getOpenApiDocumentRoute: RouteImpl<'getOpenApiDocument'> = async () =>
  (await document()) as Awaited<ReturnType<RouteImpl<'getOpenApiDocument'>>>;
