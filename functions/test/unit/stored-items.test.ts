/**
 * Items parsed where they are read (functions/src/data/stored-items.ts): an organisation and its
 * OWNER's member item as a new organisation writes them read back whole, and an item the code does
 * not understand fails where it is read, naming the entity, the item and the attribute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerEnvNames } from '@studio/shared/platform';
import type * as OrganisationMembers from '../../src/data/organisation-members.ts';
import type * as StoredItems from '../../src/data/stored-items.ts';

let organisations: typeof OrganisationMembers;
let stored: typeof StoredItems;

beforeAll(async () => {
  // The handler's configuration, as any function has it (only the table's name is read here).
  for (const name of Object.values(handlerEnvNames)) process.env[name] ??= `unit-${name.toLowerCase()}`;
  process.env[handlerEnvNames.logLevel] = 'error';
  organisations = await import('../../src/data/organisation-members.ts');
  stored = await import('../../src/data/stored-items.ts');
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
