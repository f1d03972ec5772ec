import { getApplication, toApplication } from '../data/applications.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const applicationNotFoundMessage = 'No application with this id.';

export const getApplicationRoute: RouteImpl<'getApplication'> = async ({ params }) => {
  const application = await getApplication(params.id);
  if (!application) throw new NotFoundError(applicationNotFoundMessage);
  return { success: true as const, data: toApplication(application, application.liveOpening) };
};
