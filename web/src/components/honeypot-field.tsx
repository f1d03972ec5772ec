import type { ChangeEventHandler } from 'react';

/**
 * Anti-spam trap: people never see or reach this field, bots that fill every input do; the server
 * refuses a request whose `website` is not empty. `<HoneypotField {...form.control('website')} />`.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: ChangeEventHandler<HTMLInputElement> }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
      </label>
    </div>
  );
}
