import { RowActions } from '../../../components/row-actions.tsx';

/** A spec card's Edit and Delete buttons (an organisation's specs, the studio's house specs). */
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
