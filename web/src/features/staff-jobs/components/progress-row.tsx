import type { ChangeEventHandler } from 'react';
import { FormField } from '../../../components/form-field.tsx';

/**
 * A job card form's last row: the job's progress (a whole number of per cent, 0 to 100) and the
 * button that sends the form, which reads `busyLabel` while it is sent and is disabled while
 * `disabled` (the form or another change of the job is on its way).
 */
export function ProgressRow({
  field,
  sending,
  disabled = sending,
  label,
  busyLabel,
}: {
  /** `form.field('progress')`. */
  field: { name: string; value: string; onChange: ChangeEventHandler<HTMLInputElement>; error?: string };
  sending: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="staff-job__row">
      <FormField label="Progress (%)" type="number" min={0} max={100} step={1} inputMode="numeric" {...field} />
      <button type="submit" className="button button--primary" disabled={disabled}>
        {sending ? busyLabel : label}
      </button>
    </div>
  );
}
