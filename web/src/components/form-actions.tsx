import './staff-ui.css';

/**
 * A staff form's buttons: submit, which reads `busyLabel` while the form sends, and Cancel when
 * `onCancel` is given.
 */
export function FormActions({
  label,
  busyLabel = 'Saving...',
  submitting,
  disabled = false,
  onCancel,
  className,
}: {
  label: string;
  busyLabel?: string;
  submitting: boolean;
  /** Also disabled while this is true (an image still uploading). */
  disabled?: boolean;
  onCancel?: () => void;
  /** A class of the form's own beside `staff-actions` (its spacing). */
  className?: string;
}) {
  return (
    <div className={className ? `staff-actions ${className}` : 'staff-actions'}>
      <button type="submit" className="button button--primary" disabled={submitting || disabled}>
        {submitting ? busyLabel : label}
      </button>
      {onCancel && (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
