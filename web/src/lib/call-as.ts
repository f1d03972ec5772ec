import type { RouteName, RouteResponse } from '@studio/shared/routes';
import { apiRequest, type ApiRequestOptions } from './api-client.ts';
import { staffApiRequest } from './staff-api.ts';

/** Who is asking: the staff console (staff token) or the client portal (client token). */
export type Caller = 'staff' | 'client';

/** A route called with the staff console's token or the client's, as the page is one or the other. */
export function callApi<N extends RouteName>(
  caller: Caller,
  name: N,
  options: Omit<ApiRequestOptions<N>, 'token'>,
): Promise<RouteResponse<N>> {
  return caller === 'staff' ? staffApiRequest(name, options) : apiRequest(name, options as ApiRequestOptions<N>);
}
