import { describe, expect, it } from 'vitest';
import { outboxStreamFilter } from '@studio/shared/notifications';
import { webhookStreamFilter } from '@studio/shared/webhooks';
import { matchesPattern, passesFilters } from '../local/event-filter.ts';

const record = (eventName: string, type: string | undefined) => ({
  eventName,
  dynamodb: { NewImage: type === undefined ? { id: { S: '1' } } : { id: { S: '1' }, type: { S: type } } },
});

describe('Lambda event filter patterns', () => {
  it("pass new outbox items only, as the notifier's filter says", () => {
    expect(passesFilters([outboxStreamFilter], record('INSERT', 'Outbox'))).toBe(true);
    expect(passesFilters([outboxStreamFilter], record('MODIFY', 'Outbox'))).toBe(false);
    expect(passesFilters([outboxStreamFilter], record('INSERT', 'Job'))).toBe(false);
    expect(passesFilters([outboxStreamFilter], record('INSERT', undefined))).toBe(false);
    expect(passesFilters([outboxStreamFilter], { eventName: 'REMOVE', dynamodb: {} })).toBe(false);
  });

  it("pass new outbox items of the events webhooks hear of, as the webhook dispatcher's filter says (#36)", () => {
    const outbox = (eventName: string, event: string) => ({
      eventName,
      dynamodb: { NewImage: { id: { S: '1' }, type: { S: 'Outbox' }, event: { M: { event: { S: event } } } } },
    });
    for (const event of ['job.created', 'job.imagesReleased', 'job.cancelled', 'job.cancellationDecided']) {
      expect(passesFilters([webhookStreamFilter], outbox('INSERT', event)), event).toBe(true);
    }
    expect(passesFilters([webhookStreamFilter], outbox('INSERT', 'job.imagesDelivered'))).toBe(false);
    expect(passesFilters([webhookStreamFilter], outbox('INSERT', 'webhook.disabled'))).toBe(false);
    expect(passesFilters([webhookStreamFilter], outbox('MODIFY', 'job.created'))).toBe(false);
    expect(passesFilters([webhookStreamFilter], record('INSERT', 'Outbox'))).toBe(false);
  });

  it('pass anything without filters, and any of several patterns', () => {
    expect(passesFilters([], record('MODIFY', 'Job'))).toBe(true);
    expect(passesFilters([{ eventName: ['MODIFY'] }, { eventName: ['INSERT'] }], record('INSERT', 'Job'))).toBe(true);
  });

  it('know prefix, suffix, exists and anything-but', () => {
    const r = { a: 'outbox-1', n: 3 };
    expect(matchesPattern({ a: [{ prefix: 'outbox' }] }, r)).toBe(true);
    expect(matchesPattern({ a: [{ suffix: '-2' }] }, r)).toBe(false);
    expect(matchesPattern({ b: [{ exists: false }] }, r)).toBe(true);
    expect(matchesPattern({ a: [{ exists: true }] }, r)).toBe(true);
    expect(matchesPattern({ n: [{ 'anything-but': [3] }] }, r)).toBe(false);
    expect(matchesPattern({ n: [3] }, r)).toBe(true);
  });
});
