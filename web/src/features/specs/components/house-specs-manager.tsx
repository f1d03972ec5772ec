import { useState } from 'react';
import type { Service } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCreateHouseSpec, useDeleteHouseSpec, useUpdateHouseSpec } from '../api/house-spec-writes.ts';
import { useHouseSpecs } from '../api/list-house-specs.ts';
import { SpecCardActions, SpecCards, SpecNotice } from './spec-card.tsx';
import { SpecForm } from './spec-form.tsx';
import { useSpecDeletion } from './use-spec-deletion.ts';
import './specs.css';

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; spec: StyleSpec };

/**
 * The studio's house specs (#35, SUPER_ADMIN): the specs clients start from. New, edit and delete
 * with the one spec form; a house spec has no versions, and copies made earlier do not change.
 */
export function HouseSpecsManager({ services }: { services: readonly Service[] }) {
  return (
    <ConfirmProvider>
      <HouseSpecs services={services} />
    </ConfirmProvider>
  );
}

function HouseSpecs({ services }: { services: readonly Service[] }) {
  const specs = useHouseSpecs();
  const create = useCreateHouseSpec();
  const update = useUpdateHouseSpec();
  const remove = useDeleteHouseSpec();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<string | null>(null);
  const onDelete = useSpecDeletion({
    setNotice,
    message: 'Clients can no longer start from it; the copies they made stay theirs.',
    failureText: 'The house spec could not be deleted',
    remove: (spec) => remove.mutateAsync(spec.id),
  });

  if (mode.kind !== 'list') {
    const editing = mode.kind === 'edit' ? mode.spec : undefined;
    return (
      <section aria-labelledby="house-spec-form">
        <h2 id="house-spec-form">{editing ? `Edit ${editing.name}` : 'New house spec'}</h2>
        {editing && (
          <p className="spec-card__meta">Clients’ copies made earlier keep the settings they were copied with.</p>
        )}
        <SpecForm
          spec={editing}
          organisationId={null}
          services={services}
          submitLabel="Save the house spec"
          onCancel={() => setMode({ kind: 'list' })}
          save={async (body) => {
            const saved = editing
              ? await update.mutateAsync({ specId: editing.id, body })
              : await create.mutateAsync({ body });
            setNotice(`${saved.name} saved.`);
            setMode({ kind: 'list' });
          }}
        />
      </section>
    );
  }

  return (
    <>
      <SpecNotice text={notice} />
      <div className="spec-page__heading">
        <p>The specs clients can copy into their organisation and start from.</p>
        <button type="button" className="button button--primary" onClick={() => setMode({ kind: 'new' })}>
          New house spec
        </button>
      </div>
      <SpecCards
        query={specs}
        loading="Loading the house specs..."
        error="The house specs could not be loaded."
        empty="No house specs yet."
        services={services}
        idPrefix="house"
        card={(spec) => ({
          actions: (
            <SpecCardActions
              name={spec.name}
              onEdit={() => setMode({ kind: 'edit', spec })}
              onDelete={() => void onDelete(spec)}
            />
          ),
          meta: `Saved ${formatDateTime(spec.savedAt)} by ${spec.savedBy.name}`,
        })}
      />
    </>
  );
}
