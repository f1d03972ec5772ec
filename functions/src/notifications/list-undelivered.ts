import type { UndeliveredEmail } from '@studio/shared/notifications';
import { listUndelivered, type OutboxItem } from '../data/outbox.ts';
import type { RouteImpl } from '../lib/http.ts';

/** What an undelivered e-mail was about, in a few words. */
function aboutOf(item: OutboxItem): string {
  const event = item.event;
  if ('job' in event) return `Job ${event.job.number}`;
  if (event.event === 'lead.received') return `Lead from ${event.lead.name ?? event.lead.email}`;
  if (event.event === 'application.received') return `Application from ${event.application.fullName}`;
  if (event.event === 'account.signUpAttempt') return `Sign-up attempt for ${event.account.email}`;
  if (event.event === 'organisation.invited') {
    return `Invitation of ${event.invitation.email} to ${event.invitation.organisationName}`;
  }
  if (event.event === 'webhook.disabled') return `Webhook ${event.webhook.url} turned off`;
  return `Invitation of ${event.invitee.email}`;
}

/** `GET api/notifications/undelivered`: e-mails given up on after every retry, newest first. */
export const listUndeliveredRoute: RouteImpl<'listUndeliveredEmails'> = async () => {
  const items = await listUndelivered(100);
  const emails: UndeliveredEmail[] = items.map((item) => ({
    id: item.id,
    event: item.event.event,
    subject: aboutOf(item),
    recipients: item.undelivered ?? [],
    attempts: item.attempts,
    lastError: item.lastError ?? '',
    createdAt: item.createdAt,
    failedAt: item.failedAt ?? item.createdAt,
  }));
  return { emails };
};
