import { expect } from 'vitest';
import { organisationResponseSchema, type OrganisationRole } from '@studio/shared/organisation';
import { listServicesResponseSchema } from '@studio/shared/service';
import { api } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

/**
 * The body of `POST api/jobs` for photos sent by the client's own link, in USD, of the first
 * service with a USD price: the order the organisation, spec, key and webhook tests place.
 */
export async function linkOrder(numberOfPhotos = 1): Promise<Record<string, unknown>> {
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  return {
    serviceId: service.id,
    selectedSubServices: [sub.id],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: 'https://example.test/photos',
    numberOfPhotos,
  };
}

export type Person = Awaited<ReturnType<typeof freshClient>>;

export interface Team {
  organisationId: string;
  owner: Person;
  buyer: Person;
  reviewer: Person;
  viewer: Person;
  /** A client of none of it; with `strangerOrganisation`, the OWNER of an organisation of their own. */
  stranger: Person;
  strangersOrganisationId: string | null;
}

/**
 * An organisation of fresh clients, one per role: Olive Owner makes it, Bob Buyer, Rita Reviewer
 * and Vic Viewer are added to it; Sam Stranger belongs to none of it. The file that calls it has
 * set the handlers' environment (`useHandlerEnv`): members are added through the data layer.
 */
export async function organisationWithTeam(name: string, strangerOrganisation?: string): Promise<Team> {
  const { addMember } = await import('../../src/data/organisation-membership-writes.ts');
  const [owner, buyer, reviewer, viewer, stranger] = await Promise.all(
    ['Olive Owner', 'Bob Buyer', 'Rita Reviewer', 'Vic Viewer', 'Sam Stranger'].map((person) =>
      freshClient({ name: person }),
    ),
  );
  const organisationId = await createdOrganisation(name, owner!.token);
  const members: [Person, OrganisationRole][] = [
    [buyer!, 'BUYER'],
    [reviewer!, 'REVIEWER'],
    [viewer!, 'VIEWER'],
  ];
  for (const [person, role] of members) await addMember(organisationId, person.userId, role);
  const strangersOrganisationId = strangerOrganisation
    ? await createdOrganisation(strangerOrganisation, stranger!.token)
    : null;
  return {
    organisationId,
    owner: owner!,
    buyer: buyer!,
    reviewer: reviewer!,
    viewer: viewer!,
    stranger: stranger!,
    strangersOrganisationId,
  };
}

async function createdOrganisation(name: string, token: string): Promise<string> {
  const created = await api('/api/organisations', jsonInit('POST', { name }, token));
  expect(created.status, created.text).toBe(201);
  return organisationResponseSchema.parse(created.json).organisation.id;
}
