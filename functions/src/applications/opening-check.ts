import { getOpening, type OpeningSummary } from '../data/applications.ts';
import { BadRequestError } from '../lib/errors.ts';

export const unknownOpeningMessage = 'This job opening does not exist. Choose an opening on the careers page.';
export const closedOpeningMessage = 'This job opening is closed and no longer accepts applications.';

/** The opening an applicant names, refused (400 on `body.jobOpeningId`) unless it exists and is active. */
export async function requireActiveOpening(id: string): Promise<OpeningSummary> {
  const opening = await getOpening(id);
  if (!opening) throw openingError(unknownOpeningMessage);
  if (!opening.isActive) throw openingError(closedOpeningMessage);
  return opening;
}

export function openingError(message: string): BadRequestError {
  return new BadRequestError(message, [{ path: 'body.jobOpeningId', message }]);
}
