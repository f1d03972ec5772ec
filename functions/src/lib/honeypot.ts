import { BadRequestError } from './errors.ts';
import type { Logger } from './observability.ts';

/**
 * Refuses a form whose hidden honeypot field was filled: people never see it, bots fill every
 * field. The message is deliberately generic so it does not teach a bot which field gave it away;
 * nothing is stored.
 */
export function refuseFilledHoneypot(website: string | undefined, log: Logger): void {
  if (website && website.trim().length > 0) {
    log.warn('honeypot filled; lead refused');
    throw new BadRequestError('Your message could not be sent. Please try again later.');
  }
}
