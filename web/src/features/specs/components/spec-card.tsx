import type { ReactNode } from 'react';
import type { Service } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { QueryState, type QueryStateProps } from '../../../components/query-state.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SpecDetails } from './spec-details.tsx';

/**
 * One spec in a list (an organisation's specs, the studio's house specs, the house specs a client
 * copies from): its name with the actions beside it, a line about it, its settings folded away,
 * and whatever follows (an organisation spec's earlier versions).
 */
export function SpecCard({
  spec,
  services,
  headingId,
  actions,
  meta,
  children,
}: {
  spec: StyleSpec;
  services: readonly Service[];
  headingId: string;
  actions?: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="spec-card" aria-labelledby={headingId}>
      <div className="spec-card__head">
        <h3 id={headingId}>{spec.name}</h3>
        {actions}
      </div>
      {meta && <p className="spec-card__meta">{meta}</p>}
      <details className="spec-card__details">
        <summary>Settings</summary>
        <SpecDetails spec={spec} services={services} />
      </details>
      {children}
    </article>
  );
}

/** A spec card's Edit and Delete buttons. */
export function SpecCardActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <RowActions
      className="spec-card__actions"
      actions={[
        { label: 'Edit', onClick: onEdit, ariaLabel: `Edit ${name}` },
        { label: 'Delete', tone: 'danger', onClick: onDelete, ariaLabel: `Delete ${name}` },
      ]}
    />
  );
}

/** What the last save, copy or deletion did, announced. */
export function SpecNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="spec-page__notice" role="status">
      {text}
    </p>
  );
}

type CardParts = Pick<Parameters<typeof SpecCard>[0], 'actions' | 'meta' | 'children'>;

/**
 * A list of spec cards as it loads: its loading, failure and empty texts, then a card per spec
 * with the parts `card` gives it (actions, meta line, what follows); headings' ids start `idPrefix`.
 */
export function SpecCards({
  services,
  idPrefix,
  card,
  ...state
}: Omit<QueryStateProps<readonly StyleSpec[]>, 'children'> & {
  services: readonly Service[];
  idPrefix: string;
  card: (spec: StyleSpec) => CardParts;
}) {
  return (
    <QueryState {...state}>
      {(list) => (
        <ul className="spec-page__list">
          {list.map((spec) => (
            <li key={spec.id}>
              <SpecCard spec={spec} services={services} headingId={`${idPrefix}-${spec.id}`} {...card(spec)} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
