import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { notifications, notificationsOf, type NotificationKey } from '@studio/shared/notifications';
import { paymentDueStatement } from '@studio/shared/studio-settings';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import { getTurnedOff } from '../data/notification-preferences.ts';
import { finishedWorkVisible } from '../jobs/job-view.ts';
import {
  claimOutboxItem,
  markOutboxFailed,
  markOutboxSent,
  recordSentTo,
  releaseOutboxItem,
  type OutboxItem,
} from '../data/outbox.ts';
import type { Logger } from '../lib/observability.ts';
import { sesClient } from '../lib/ses.ts';
import { renderEmail } from './layout.ts';
import { recipientsOf, type Addressee } from './recipients.ts';
import { notifierSettings } from './settings.ts';
import { emailContent, type TemplateContext } from './templates.ts';

/*
 * Delivers one outbox item: claim it (so a retried or concurrent batch never sends it twice), work
 * out who gets which e-mail, skip whoever turned that e-mail off or was already sent it, send the
 * rest one message per person, and mark the item sent. When sending fails, the item goes back to
 * PENDING and the failure is reported, so the stream retries the record; after the last attempt it
 * is marked FAILED, which staff see as "not delivered".
 */

/** A claim holds this long; a notifier that died mid-send is taken over after it. */
const claimLeaseMs = 60_000;

export type Outcome = 'sent' | 'skipped' | 'failed' | 'retry';

/** An attempt failed and another will come: the stream must retry this record. */
export class RetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** The key under which a sent message is noted: one notification to one address. */
const deliveryKey = (key: NotificationKey, email: string) => `${key}|${email.toLowerCase()}`;

interface Delivery {
  key: NotificationKey;
  to: Addressee;
}

async function plannedDeliveries(item: OutboxItem): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const offByUser = new Map<string, Promise<Set<NotificationKey>>>();
  for (const key of notificationsOf(item.event.event)) {
    for (const to of await recipientsOf(key, item.event)) {
      if (!notifications[key].essential && to.userId) {
        let off = offByUser.get(to.userId);
        if (!off) offByUser.set(to.userId, (off = getTurnedOff(to.userId)));
        if ((await off).has(key)) continue;
      }
      deliveries.push({ key, to });
    }
  }
  return deliveries;
}

/**
 * What the templates need to know beyond the event, read when the e-mail is sent: for a delivery,
 * whether its finished work is released to the client now (the one rule of what a principal sees
 * of a job, job-view.ts), so the e-mail offers a download only of what the client may download;
 * for an order, when its payment is due (#40).
 */
async function templateContext(event: OutboxItem['event']): Promise<TemplateContext> {
  if (event.event === 'job.created') {
    return { finishedWorkReleased: false, paymentDue: paymentDueStatement(await getStudioSettings()) };
  }
  if (event.event !== 'job.delivered' && event.event !== 'job.revisionCompleted') {
    return { finishedWorkReleased: false };
  }
  const job = await getJob(event.job.id);
  return { finishedWorkReleased: job !== null && (await finishedWorkVisible('CLIENT', job)) };
}

async function send(delivery: Delivery, item: OutboxItem, context: TemplateContext): Promise<void> {
  const settings = notifierSettings();
  const email = renderEmail(emailContent(delivery.key, item.event, delivery.to, context), settings.siteUrl);
  await sesClient.send(
    new SendEmailCommand({
      FromEmailAddress: settings.mailFrom,
      Destination: { ToAddresses: [delivery.to.email] },
      ConfigurationSetName: settings.mailConfigurationSet,
      EmailTags: [
        { Name: 'notification', Value: delivery.key },
        { Name: 'outbox', Value: item.id },
      ],
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Delivers the outbox item `id`; throws {@link RetryLaterError} when the record must be tried again. */
export async function deliverOutboxItem(id: string, log: Logger): Promise<Outcome> {
  const item = await claimOutboxItem(id, claimLeaseMs);
  if (!item) {
    log.info('outbox item already handled', { outboxId: id });
    return 'skipped';
  }
  const fields = { outboxId: id, event: item.event.event, attempt: item.attempts };
  const errors: string[] = [];
  const unreached: string[] = [];
  try {
    const sent = item.sentTo ?? new Set<string>();
    const pending = (await plannedDeliveries(item)).filter((d) => !sent.has(deliveryKey(d.key, d.to.email)));
    const context = pending.length > 0 ? await templateContext(item.event) : { finishedWorkReleased: false };
    for (const delivery of pending) {
      try {
        await send(delivery, item, context);
        await recordSentTo(id, deliveryKey(delivery.key, delivery.to.email));
      } catch (error) {
        errors.push(describe(error));
        unreached.push(delivery.to.email);
      }
    }
  } catch (error) {
    // Recipients, preferences or the job could not be read: nothing more is known to be sent.
    errors.push(describe(error));
  }

  if (errors.length === 0) {
    await markOutboxSent(id);
    log.info('outbox item sent', fields);
    return 'sent';
  }
  const error = errors[0]!;
  if (item.attempts >= notifierSettings().maxSendAttempts) {
    await markOutboxFailed(id, error, [...new Set(unreached)]);
    log.error('outbox item not delivered', { ...fields, error });
    return 'failed';
  }
  await releaseOutboxItem(id, error);
  log.warn('outbox item will be retried', { ...fields, error });
  // The backoff between tries: the stream retries the record as soon as this invocation fails.
  const pause = Math.min(30_000, notifierSettings().retryPauseMs * 2 ** (item.attempts - 1));
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  throw new RetryLaterError(error);
}
