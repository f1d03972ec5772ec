import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from './form-field.tsx';

/**
 * A labelled select whose first option is a placeholder with the value `''` (nothing chosen), e.g.
 * a service picker: `<SelectField label="Service *" placeholder="Choose a service..."
 * options={services.map((s) => ({ value: s.id, label: s.name }))} {...form.control('serviceId')} />`.
 */
export function SelectField({
  label,
  hint,
  error,
  placeholder,
  options,
  ...select
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
