import { useState } from 'react';
import { roleMay, type MyOrganisation } from '@studio/shared/organisation';
import type { Service } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { Link } from '../../../components/app-link.tsx';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useSpec } from '../api/get-spec.ts';
import { useHouseSpecs } from '../api/list-house-specs.ts';
import { useSpecs } from '../api/list-specs.ts';
import { useCopyHouseSpec, useCreateSpec, useDeleteSpec, useUpdateSpec } from '../api/spec-writes.ts';
import { SpecDetails } from './spec-details.tsx';
import { SpecCardActions, SpecCards, SpecNotice } from './spec-card.tsx';
import { SpecForm } from './spec-form.tsx';
import { useSpecDeletion } from './use-spec-deletion.ts';
import './specs.css';

/** "Version 3 · saved 28 Nov 2026, 10:00 by Olive Owner". */
export function savedLine(spec: StyleSpec): string {
  return `Version ${spec.version} · saved ${formatDateTime(spec.savedAt)} by ${spec.savedBy.name || 'a former member'}`;
}

/**
 * An organisation's style specs (#35): the live specs with their versions, and for an OWNER or
 * BUYER "New spec", edit, delete and "Start from a studio spec"; a REVIEWER or VIEWER reads them.
 * `version` (from `?spec=<id>&version=<n>`) shows that version read-only.
 */
export function OrganisationSpecs({
  organisation,
  services,
  version,
}: {
  organisation: MyOrganisation;
  services: readonly Service[];
  version: { specId: string; version: number } | null;
}) {
  return (
    <ConfirmProvider>
      {version ? (
        <SpecVersion
          organisation={organisation}
          specId={version.specId}
          version={version.version}
          services={services}
        />
      ) : (
        <SpecList key={organisation.id} organisation={organisation} services={services} />
      )}
    </ConfirmProvider>
  );
}

function SpecVersion({
  organisation,
  specId,
  version,
  services,
}: {
  organisation: MyOrganisation;
  specId: string;
  version: number;
  services: readonly Service[];
}) {
  const spec = useSpec({ organisationId: organisation.id, specId, version });
  return (
    <section className="spec-page__section" aria-labelledby="spec-version">
      <p>
        <Link to={paths.organisationSpecsOf(organisation.id)}>← All specs</Link>
      </p>
      <QueryState query={spec} loading="Loading the spec..." error="This version could not be loaded.">
        {(shown) => (
          <article className="spec-card">
            <h2 id="spec-version">
              {shown.name} · version {shown.version}
            </h2>
            <p className="spec-card__meta">
              {savedLine(shown)}
              {shown.version < shown.latestVersion && ` · the latest is version ${shown.latestVersion}`}
              {shown.deleted && ' · deleted: hidden from new orders'}
            </p>
            <SpecDetails spec={shown} services={services} />
          </article>
        )}
      </QueryState>
    </section>
  );
}

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; specId: string; nonce: number };

function SpecList({ organisation, services }: { organisation: MyOrganisation; services: readonly Service[] }) {
  const specs = useSpecs(organisation.id);
  const canWrite = roleMay(organisation.role, 'order');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<string | null>(null);
  const create = useCreateSpec();
  const update = useUpdateSpec();
  const remove = useDeleteSpec();
  const onDelete = useSpecDeletion({
    setNotice,
    message: 'It will be hidden from new orders; jobs ordered with it keep their version.',
    failureText: 'The spec could not be deleted',
    remove: (spec) => remove.mutateAsync({ organisationId: organisation.id, specId: spec.id }),
  });

  if (mode.kind === 'new')
    return (
      <section className="spec-page__section" aria-labelledby="spec-new">
        <h2 id="spec-new">New spec</h2>
        <SpecForm
          organisationId={organisation.id}
          services={services}
          submitLabel="Save the spec"
          onCancel={() => setMode({ kind: 'list' })}
          save={async (body) => {
            const spec = await create.mutateAsync({ organisationId: organisation.id, body });
            setNotice(`${spec.name} saved as version 1.`);
            setMode({ kind: 'list' });
          }}
        />
      </section>
    );

  const editing = mode.kind === 'edit' ? specs.data?.find((s) => s.id === mode.specId) : undefined;
  if (mode.kind === 'edit' && editing)
    return (
      <section className="spec-page__section" aria-labelledby="spec-edit">
        <h2 id="spec-edit">Edit {editing.name}</h2>
        <p className="spec-card__meta">
          Version {editing.version}; saving makes version {editing.version + 1}. Jobs ordered with earlier versions keep
          theirs.
        </p>
        <SpecForm
          key={`${editing.id}-${editing.version}-${mode.nonce}`}
          spec={editing}
          organisationId={organisation.id}
          services={services}
          submitLabel={`Save as version ${editing.version + 1}`}
          onCancel={() => setMode({ kind: 'list' })}
          onReload={() => {
            void specs.refetch().then(() => setMode({ kind: 'edit', specId: editing.id, nonce: mode.nonce + 1 }));
          }}
          save={async (body) => {
            const spec = await update.mutateAsync({
              organisationId: organisation.id,
              specId: editing.id,
              body: { ...body, expectedVersion: editing.version },
            });
            setNotice(`${spec.name} saved as version ${spec.version}.`);
            setMode({ kind: 'list' });
          }}
        />
      </section>
    );

  return (
    <>
      <SpecNotice text={notice} />
      <section className="spec-page__section" aria-labelledby="spec-list">
        <div className="spec-page__heading">
          <h2 id="spec-list">Specs</h2>
          {canWrite && (
            <button type="button" className="button button--primary" onClick={() => setMode({ kind: 'new' })}>
              New spec
            </button>
          )}
        </div>
        <p>How your images must look: choose one when you order, and the studio works to that version.</p>
        <SpecCards
          query={specs}
          loading="Loading the specs..."
          error="The specs could not be loaded."
          empty={canWrite ? 'No specs yet: make one, or start from a studio spec below.' : 'No specs yet.'}
          services={services}
          idPrefix="spec"
          card={(spec) =>
            organisationCardParts(spec, {
              organisationId: organisation.id,
              canWrite,
              onEdit: () => setMode({ kind: 'edit', specId: spec.id, nonce: 0 }),
              onDelete: () => void onDelete(spec),
            })
          }
        />
      </section>
      {canWrite && <HouseSpecs organisationId={organisation.id} services={services} onCopied={setNotice} />}
    </>
  );
}

/** An organisation spec's card: Edit and Delete for those who may, its versions, and its origin. */
function organisationCardParts(
  spec: StyleSpec,
  {
    organisationId,
    canWrite,
    onEdit,
    onDelete,
  }: { organisationId: string; canWrite: boolean; onEdit: () => void; onDelete: () => void },
) {
  const earlier = Array.from({ length: spec.version - 1 }, (_, index) => spec.version - 1 - index);
  return {
    actions: canWrite && <SpecCardActions name={spec.name} onEdit={onEdit} onDelete={onDelete} />,
    meta: (
      <>
        {savedLine(spec)}
        {spec.copiedFrom && ` · started from the studio’s ${spec.copiedFrom.name}`}
      </>
    ),
    children: earlier.length > 0 && (
      <p className="spec-card__versions">
        Earlier versions:{' '}
        {earlier.map((version, index) => (
          <span key={version}>
            {index > 0 && ', '}
            <Link to={paths.organisationSpecsOf(organisationId, { specId: spec.id, version })}>version {version}</Link>
          </span>
        ))}
      </p>
    ),
  };
}

function HouseSpecs({
  organisationId,
  services,
  onCopied,
}: {
  organisationId: string;
  services: readonly Service[];
  onCopied: (text: string) => void;
}) {
  const house = useHouseSpecs();
  const copy = useCopyHouseSpec();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="spec-page__section" aria-labelledby="spec-house">
      <h2 id="spec-house">Start from a studio spec</h2>
      <p>
        The studio’s own specs: copy one into your specs, then change it as you like. The copy does not follow later
        changes.
      </p>
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
      <SpecCards
        query={house}
        loading="Loading the studio’s specs..."
        error="The studio’s specs could not be loaded."
        empty="The studio has no specs to start from yet."
        services={services}
        idPrefix="house"
        card={(spec) => ({
          actions: (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={copy.isPending}
              onClick={() => {
                setFailure(null);
                copy.mutateAsync({ organisationId, houseSpecId: spec.id }).then(
                  (copied) => onCopied(`${copied.name} copied into your specs as version 1.`),
                  (error: unknown) => setFailure(apiErrorText(error, 'The spec could not be copied')),
                );
              }}
              aria-label={`Copy ${spec.name}`}
            >
              Copy
            </button>
          ),
        })}
      />
    </section>
  );
}
