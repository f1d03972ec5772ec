/**
 * Items parsed where they are read (functions/src/data/stored-items.ts): an organisation and its
 * OWNER's member item as a new organisation writes them, and an outbox item as a transaction adds
 * it, read back whole; a photo from before #33 reads with the defaults of its missing attributes;
 * an item the code does not understand (an unknown role, event, status or count) fails where it is
 * read, naming the entity, the item and the attribute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerEnvNames } from '@studio/shared/platform';
import type * as Images from '../../src/data/images.ts';
import type * as OrganisationMembers from '../../src/data/organisation-members.ts';
import type * as Outbox from '../../src/data/outbox.ts';
import type * as StoredItems from '../../src/data/stored-items.ts';
import type * as Webhooks from '../../src/data/webhooks.ts';

let images: typeof Images;
let organisations: typeof OrganisationMembers;
let outbox: typeof Outbox;
let stored: typeof StoredItems;
let webhooks: typeof Webhooks;

beforeAll(async () => {
  // The handler's configuration, as any function has it (only the table's name is read here).
  for (const name of Object.values(handlerEnvNames)) process.env[name] ??= `unit-${name.toLowerCase()}`;
  process.env[handlerEnvNames.logLevel] = 'error';
  organisations = await import('../../src/data/organisation-members.ts');
  stored = await import('../../src/data/stored-items.ts');
  outbox = await import('../../src/data/outbox.ts');
  webhooks = await import('../../src/data/webhooks.ts');
  images = await import('../../src/data/images.ts');
});

function newOrganisation() {
  const writes = organisations.newOrganisationWrites({
    id: '01JD0J0B0000000000000ORG01',
    name: 'Lumen Outdoor',
    personal: false,
    ownerId: 'owner-1',
    now: '2026-11-29T10:00:00.000Z',
    ownerProfile: { name: 'Olga Owner', email: 'olga@example.test' },
  });
  return writes.map((write) => structuredClone(write.Put.Item as Record<string, unknown>));
}

describe('organisation items read back', () => {
  it('parses what a new organisation writes, keys and all', () => {
    const [organisation, member] = newOrganisation();
    expect(organisations.organisationItemOf(organisation!)).toEqual(organisation);
    expect(organisations.memberItemOf(member!)).toMatchObject({
      role: 'OWNER',
      name: 'Olga Owner',
      PK: expect.any(String),
    });
  });

  it('fails on a role or a count it does not know, naming the item and the attribute', () => {
    const [organisation, member] = newOrganisation();
    expect(() => organisations.memberItemOf({ ...member!, role: 'ADMIN' })).toThrow(stored.StoredItemError);
    expect(() => organisations.memberItemOf({ ...member!, role: 'ADMIN' })).toThrow(
      /^The stored organisation member \(no id\) does not parse: role: /,
    );
    expect(() => organisations.organisationItemOf({ ...organisation!, memberCount: '1' })).toThrow(
      /^The stored organisation 01JD0J0B0000000000000ORG01 does not parse: memberCount: /,
    );
  });
});

describe('outbox and webhook items read back', () => {
  const now = new Date('2026-11-29T10:00:00.000Z');
  const newOutboxItem = () =>
    structuredClone(
      outbox.outboxItem(
        {
          event: 'lead.received',
          lead: { id: 'lead-1', kind: 'contact', name: null, email: 'a@example.test', service: null },
        },
        now,
      ).Put.Item as Record<string, unknown>,
    );

  it('parses what a transaction adds, and the addresses a retry has already served (a string set)', () => {
    const item = newOutboxItem();
    expect(outbox.outboxItemOf(item)).toEqual(item);
    const retried = { ...item, status: 'SENDING', attempts: 2, sentTo: new Set(['a@example.test']) };
    expect(outbox.outboxItemOf(retried).sentTo?.has('a@example.test')).toBe(true);
  });

  it('fails on an event or a status it does not know', () => {
    const item = newOutboxItem();
    expect(() => outbox.outboxItemOf({ ...item, event: { event: 'lead.lost' } })).toThrow(
      /^The stored outbox item \w+ does not parse: event: not an event the outbox knows/,
    );
    expect(() => outbox.outboxItemOf({ ...item, status: 'QUEUED' })).toThrow(stored.StoredItemError);
  });

  it('reads a webhook with the events it knows, and refuses one it does not', () => {
    const hook = {
      id: '01JD0J0B0000000000000HOOK1',
      type: 'Webhook',
      organisationId: 'org-1',
      url: 'https://example.test/hooks',
      events: ['job.created', 'job.paid'],
      enabled: true,
      secret: 'whsec_test',
      createdAt: now.toISOString(),
      createdBy: 'owner-1',
      PK: 'ORG#org-1',
    };
    expect(webhooks.webhookItemOf(hook)).toEqual(hook);
    expect(() => webhooks.webhookItemOf({ ...hook, events: ['job.exploded'] })).toThrow(
      /^The stored webhook 01JD0J0B0000000000000HOOK1 does not parse: events\.0: /,
    );
  });
});

describe('image items read back', () => {
  // A photo as confirmed before #33: the file's attributes only.
  const photo = {
    PK: 'UPLOAD#up-1',
    SK: 'PHOTO#01JD0J0B0000000000000IMG01',
    id: '01JD0J0B0000000000000IMG01',
    uploadId: 'up-1',
    key: 'uploads/up-1/shoe.jpg',
    fileName: 'shoe.jpg',
    size: 52_000,
    contentType: 'image/jpeg',
    thumbnailKey: 'uploads/up-1/shoe.thumb.webp',
    createdAt: '2026-10-01T09:00:00.000Z',
  };

  it('reads a photo from before images had a status as RECEIVED, with the preview it got then', () => {
    expect(images.toImage(photo)).toMatchObject({
      status: 'RECEIVED',
      indexed: false,
      statusAt: photo.createdAt,
      preview: 'READY',
      current: null,
      review: null,
      sentBackCount: 0,
      updatedAt: photo.createdAt,
    });
    expect(images.toImage({ ...photo, thumbnailKey: null }).preview).toBe('NONE');
  });

  it('fails on a status or a version summary it does not understand', () => {
    expect(() => images.toImage({ ...photo, status: 'LOST' })).toThrow(
      /^The stored image 01JD0J0B0000000000000IMG01 does not parse: status: /,
    );
    expect(() => images.toImage({ ...photo, status: 'DELIVERED', current: { id: 'v1' } })).toThrow(
      stored.StoredItemError,
    );
  });
});

describe('an item answered as stored', () => {
  it('answers the declared attributes only, and fails like any reader', async () => {
    const z = await import('zod/mini');
    const read = stored.storedAnswerReader('note', { id: z.string(), text: z.string() });
    expect(read({ PK: 'NOTE#1', SK: 'NOTE', type: 'Note', id: '1', text: 'hello' })).toEqual({
      id: '1',
      text: 'hello',
    });
    expect(() => read({ id: '1', text: 2 })).toThrow(/^The stored note 1 does not parse: text: /);
  });
});
