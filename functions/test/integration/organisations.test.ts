/**
 * Organisations (#35) through the local gateway: a client's personal organisation, organisations it
 * creates, and what a non-member sees of them (the 404 of an unknown id).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOrganisationsResponseSchema, organisationResponseSchema } from '@studio/shared/organisation';
import { api, expectEnvelope } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

let owner: Awaited<ReturnType<typeof freshClient>>;
let stranger: Awaited<ReturnType<typeof freshClient>>;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([freshClient({ name: 'Olga Owner' }), freshClient()]);
});

describe('organisations of a client', () => {
  it('gives every client one personal organisation, named after it, made once however often it is asked for', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => api('/api/organisations', { token: owner.token })));
    const lists = await Promise.all(
      answers.map((response) => {
        expect(response.status).toBe(200);
        return listOrganisationsResponseSchema.parse(response.json).organisations;
      }),
    );
    const personal = lists.map((list) => list.filter((organisation) => organisation.personal));
    expect(personal.map((list) => list.length)).toEqual([1, 1, 1]);
    expect(new Set(personal.map((list) => list[0]!.id)).size).toBe(1);
    expect(personal[0]![0]).toMatchObject({ name: 'Olga Owner', role: 'OWNER' });
  });

  it('makes the creator the OWNER of a new organisation, listed after the personal one, readable by members only', async () => {
    const created = await api(
      '/api/organisations',
      jsonInit(
        'POST',
        {
          name: 'Acme Brands',
          billing: {
            legalName: 'Acme GmbH',
            addressLines: 'Hauptstr. 1\nBerlin',
            country: 'de',
            vatNumber: 'de 123.456.789',
          },
        },
        owner.token,
      ),
    );
    expect(created.status).toBe(201);
    const { organisation } = organisationResponseSchema.parse(created.json);
    expect(organisation).toMatchObject({ name: 'Acme Brands', personal: false, role: 'OWNER' });
    expect(organisation.billing).toEqual({
      legalName: 'Acme GmbH',
      addressLines: 'Hauptstr. 1\nBerlin',
      country: 'DE',
      vatNumber: 'DE123456789',
    });

    const list = listOrganisationsResponseSchema.parse((await api('/api/organisations', { token: owner.token })).json);
    expect(list.organisations.map((o) => o.personal)).toEqual([true, false]);
    expect(list.organisations[1]!.id).toBe(organisation.id);

    const mine = await api(`/api/organisations/${organisation.id}`, { token: owner.token });
    expect(organisationResponseSchema.parse(mine.json).organisation.id).toBe(organisation.id);
    const theirs = await api(`/api/organisations/${organisation.id}`, { token: stranger.token });
    expectEnvelope(theirs.json, 404);
    expect(theirs.status).toBe(404);
  });

  it('refuses a blank name and a malformed VAT number, naming the field', async () => {
    const blank = await api('/api/organisations', jsonInit('POST', { name: '  ' }, owner.token));
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.json)).toContain('name');
    const vat = await api(
      '/api/organisations',
      jsonInit(
        'POST',
        { name: 'X', billing: { legalName: '', addressLines: '', country: '', vatNumber: '12' } },
        owner.token,
      ),
    );
    expect(vat.status).toBe(400);
    expect(JSON.stringify(vat.json)).toContain('vatNumber');
  });
});
