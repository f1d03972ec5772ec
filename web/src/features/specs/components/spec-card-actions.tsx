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
    <div className="spec-card__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={onEdit}
        aria-label={`Edit ${name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}
