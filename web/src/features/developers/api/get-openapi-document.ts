import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/openapi.json` (public): the API's OpenAPI 3.1 document, generated from the route table. */
export const openApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: ['developers', 'openapi'] as const,
    queryFn: ({ signal }) => apiRequest('getOpenApiDocument', { signal }),
    // The document changes only with a deployment.
    staleTime: Infinity,
  });

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
