import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { roleMay, type MyOrganisation, type OrganisationPermission } from '@studio/shared/organisation';
import type { Job } from '@studio/shared/job';
import { useMyOrganisations } from '../api/my-organisations.ts';

/*
 * The organisation a client works in (#35): picked in the portal's header when it belongs to more
 * than one, kept in the URL (`?org=<id>`) so that a link or a reload opens the same one; by default
 * its personal organisation. The Organisation page reads the same parameter. The public pages on
 * the way to a quote (services, pricing) do not carry it: the last one picked in the tab is kept
 * (sessionStorage) for a portal page opened without it.
 */

const lastPickedKey = 'studio.organisation';

function lastPicked(): string | null {
  try {
    return sessionStorage.getItem(lastPickedKey);
  } catch {
    return null;
  }
}

function rememberPicked(id: string): void {
  try {
    sessionStorage.setItem(lastPickedKey, id);
  } catch {
    // Storage refused (private mode): the URL still carries the choice.
  }
}

export const organisationParam = 'org';

/** A portal path with the picked organisation kept (none picked: the path as it is). */
export function withOrganisation(path: string, organisationId: string | undefined): string {
  if (!organisationId) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${organisationParam}=${encodeURIComponent(organisationId)}`;
}

/** The first organisation of a list to work in: the one named, else the personal one, else the first. */
export function pickedOf(organisations: readonly MyOrganisation[], wanted: string | null): MyOrganisation | undefined {
  return (
    organisations.find((organisation) => organisation.id === wanted) ??
    organisations.find((organisation) => organisation.personal) ??
    organisations[0]
  );
}

/** The client's organisations, the one picked (`?org=`), and how to pick another. */
export function usePickedOrganisation() {
  const query = useMyOrganisations();
  const [params, setParams] = useSearchParams();
  const organisations = query.data ?? [];
  const named = params.get(organisationParam);
  if (named) rememberPicked(named);
  const picked = pickedOf(organisations, named ?? lastPicked());
  const pick = (id: string) => {
    rememberPicked(id);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(organisationParam, id);
      return next;
    });
  };
  // The id the portal's links keep: none for a client of one organisation, whose links stay as they were.
  const kept = organisations.length > 1 ? picked?.id : undefined;
  return { query, organisations, picked, kept, pick };
}

/**
 * What the client may do with a job, by its role in the job's organisation, to hide the buttons of
 * what it may not (the server refuses them anyway). A job from before organisations is its own.
 */
export interface JobPermissions {
  order: boolean;
  review: boolean;
}

export const allJobPermissions: JobPermissions = { order: true, review: true };

export function jobPermissionsOf(job: Pick<Job, 'organisationId'>, organisations: readonly MyOrganisation[]) {
  if (job.organisationId === null) return allJobPermissions;
  const role = organisations.find((organisation) => organisation.id === job.organisationId)?.role ?? null;
  const may = (permission: OrganisationPermission) => roleMay(role, permission);
  return { order: may('order'), review: may('review') };
}

/** The header's select of the client's organisations; nothing when it belongs to one only. */
export function OrganisationPicker() {
  const id = useId();
  const { organisations, picked, pick } = usePickedOrganisation();
  if (organisations.length < 2 || !picked) return null;
  return (
    <p className="organisation-picker">
      <label htmlFor={id}>Organisation</label>{' '}
      <select id={id} value={picked.id} onChange={(event) => pick(event.target.value)}>
        {organisations.map((organisation) => (
          <option key={organisation.id} value={organisation.id}>
            {organisation.personal ? `${organisation.name} (personal)` : organisation.name}
          </option>
        ))}
      </select>
    </p>
  );
}
