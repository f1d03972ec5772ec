import type { OrganisationRole } from '@studio/shared/organisation';
import { memberRole } from '../data/organisation-members.ts';
import type { Caller } from './caller.ts';

/**
 * The caller's role in an organisation, or null when it is not a member: the one question every
 * organisation's item rule asks. An API key (#36) is its maker's role in its own organisation and
 * no role in any other (the 404 of an organisation that does not exist), so a key cannot reach
 * another organisation its maker belongs to.
 */
export async function callerRole(caller: Caller, organisationId: string): Promise<OrganisationRole | null> {
  if (caller.apiKey && caller.apiKey.organisationId !== organisationId) return null;
  return memberRole(organisationId, caller.userId);
}
