import { useId } from 'react';
import { phoneCountries } from './phone-countries.ts';
import './phone-input.css';

/**
 * A phone number with its country: a country select (United States by default), the dialling code
 * shown as fixed text that cannot be typed over (spec §5), and the national number. The label
 * names the number input; the select and the code are described to screen readers.
 */
export function PhoneInput({
  label,
  country,
  national,
  onCountryChange,
  onNationalChange,
  error,
  required,
}: {
  label: string;
  country: string;
  national: string;
  onCountryChange: (code: string) => void;
  onNationalChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const selected = phoneCountries.find((c) => c.code === country) ?? phoneCountries[0]!;
  return (
    <div className="form__field">
      <label htmlFor={`${id}-number`}>{label}</label>
      <div className="phone-input">
        <select
          aria-label="Country of the phone number"
          className="phone-input__country"
          value={selected.code}
          onChange={(event) => onCountryChange(event.target.value)}
        >
          {phoneCountries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{c.dial})
            </option>
          ))}
        </select>
        <span id={`${id}-code`} className="phone-input__code">
          <span className="visually-hidden">Country code </span>+{selected.dial}
        </span>
        <input
          id={`${id}-number`}
          name="contactNo"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={required}
          maxLength={20}
          value={national}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-code`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => onNationalChange(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}
