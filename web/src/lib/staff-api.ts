import type { RouteName, RouteResponse } from '@studio/shared/routes';
import { ApiError, apiRequest, type ApiRequestOptions } from './api-client.ts';
import { expireStaffSession, getStaffToken } from './staff-session.ts';

/**
 * Calls a route with the staff console's token (never the client's). A 401 (expired or rejected
 * token) ends the staff session, so the page's StaffGuard sends the user to /admin-login.
 */
export async function staffApiRequest<N extends RouteName>(
  name: N,
  options: Omit<ApiRequestOptions<N>, 'token'>,
): Promise<RouteResponse<N>> {
  const token = getStaffToken();
  if (!token) {
    expireStaffSession();
    throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue.');
  }
  try {
    return await apiRequest(name, { ...options, token } as ApiRequestOptions<N>);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireStaffSession();
    throw error;
  }
}
