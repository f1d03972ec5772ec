import { useState, type FormEvent } from 'react';
import { updatePricingRulesBodySchema, type UpdatePricingRulesBody } from '@studio/shared/catalog-admin';
import type { Service } from '@studio/shared/service';
import { FormAlert } from '../../../components/form-field.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useUpdatePricingRules } from '../api/update-pricing-rules.ts';

/** One row as typed: numbers stay text until saved, so a half-typed value is not lost. */
interface TurnaroundRow {
  id: string | null;
  name: string;
  hours: string;
  multiplier: string;
}
interface TierRow {
  minPhotos: string;
  discountPercent: string;
}

/** A new turnaround's id: its name as a slug, made unique among the service's (`express`, `express-2`). */
function slugFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'turnaround';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

function bodyOf(turnarounds: TurnaroundRow[], tiers: TierRow[]): UpdatePricingRulesBody {
  const taken = new Set(turnarounds.flatMap((row) => (row.id ? [row.id] : [])));
  return {
    turnarounds: turnarounds.map((row) => {
      const id = row.id ?? slugFor(row.name, taken);
      taken.add(id);
      return { id, name: row.name.trim(), hours: Number(row.hours), multiplier: Number(row.multiplier) };
    }),
    volumeTiers: tiers.map((row) => ({
      minPhotos: Number(row.minPhotos),
      discountPercent: Number(row.discountPercent),
    })),
  };
}

/** A whole-number (or, with a fractional `step`, decimal) input of a pricing rule's row, kept as typed text. */
function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max?: number;
  step?: number;
}) {
  return (
    <label>
      {label}
      <input
        type="number"
        inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button--light" disabled={disabled} aria-label={label} onClick={onClick}>
      Remove
    </button>
  );
}

/**
 * A service's turnarounds (name, hours, multiplier; the first is the default the quote page
 * preselects) and volume tiers (from how many photos, what percent off), saved together (#17).
 */
export function PricingRulesForm({ service, onSaved }: { service: Service; onSaved: (message: string) => void }) {
  const save = useUpdatePricingRules();
  const [turnarounds, setTurnarounds] = useState<TurnaroundRow[]>(
    service.turnarounds.map((t) => ({
      id: t.id,
      name: t.name,
      hours: String(t.hours),
      multiplier: String(t.multiplier),
    })),
  );
  const [tiers, setTiers] = useState<TierRow[]>(
    service.volumeTiers.map((t) => ({ minPhotos: String(t.minPhotos), discountPercent: String(t.discountPercent) })),
  );
  const [problems, setProblems] = useState<string[]>([]);

  const setTurnaround = (index: number, change: Partial<TurnaroundRow>) =>
    setTurnarounds((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const setTier = (index: number, change: Partial<TierRow>) =>
    setTiers((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(turnarounds, tiers);
    const checked = updatePricingRulesBodySchema.safeParse(body);
    if (!checked.success) {
      setProblems(
        checked.error.issues.map((issue) => {
          const [list, index, field] = issue.path;
          const what = list === 'turnarounds' ? 'Turnaround' : 'Volume tier';
          return index === undefined
            ? issue.message
            : `${what} ${Number(index) + 1}${field ? ` (${String(field)})` : ''}: ${issue.message}`;
        }),
      );
      return;
    }
    setProblems([]);
    try {
      const saved = await save.mutateAsync({ id: service.id, body: checked.data });
      onSaved(saved.message);
    } catch (cause) {
      setProblems([apiErrorText(cause, 'Failed to save the turnarounds and volume tiers.')]);
    }
  }

  return (
    <form className="form staff-stack" noValidate onSubmit={submit}>
      {problems.length > 0 && (
        <FormAlert>
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}
      <fieldset className="pricing-rules">
        <legend>Turnarounds (the first is the default)</legend>
        {turnarounds.map((row, index) => (
          <div className="pricing-rules__row" key={row.id ?? `new-${index}`}>
            <label>
              Name
              <input value={row.name} maxLength={60} onChange={(e) => setTurnaround(index, { name: e.target.value })} />
            </label>
            <NumberField
              label="Hours"
              min={1}
              value={row.hours}
              onChange={(hours) => setTurnaround(index, { hours })}
            />
            <NumberField
              label="Multiplier"
              min={1}
              step={0.01}
              value={row.multiplier}
              onChange={(multiplier) => setTurnaround(index, { multiplier })}
            />
            <RemoveButton
              label={`Remove turnaround ${row.name || index + 1}`}
              disabled={turnarounds.length === 1}
              onClick={() => setTurnarounds((rows) => rows.filter((_, i) => i !== index))}
            />
          </div>
        ))}
        <button
          type="button"
          className="button button--light"
          onClick={() => setTurnarounds((rows) => [...rows, { id: null, name: '', hours: '24', multiplier: '1.5' }])}
        >
          Add turnaround
        </button>
      </fieldset>
      <fieldset className="pricing-rules">
        <legend>Volume tiers</legend>
        {tiers.length === 0 && <p className="form__hint">No volume discount.</p>}
        {tiers.map((row, index) => (
          <div className="pricing-rules__row" key={index}>
            <NumberField
              label="From photos"
              min={1}
              value={row.minPhotos}
              onChange={(minPhotos) => setTier(index, { minPhotos })}
            />
            <NumberField
              label="Discount (%)"
              min={0}
              max={90}
              value={row.discountPercent}
              onChange={(discountPercent) => setTier(index, { discountPercent })}
            />
            <RemoveButton
              label={`Remove volume tier ${index + 1}`}
              onClick={() => setTiers((rows) => rows.filter((_, i) => i !== index))}
            />
          </div>
        ))}
        <button
          type="button"
          className="button button--light"
          onClick={() => setTiers((rows) => [...rows, { minPhotos: '', discountPercent: '' }])}
        >
          Add volume tier
        </button>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save turnarounds and tiers'}
      </button>
    </form>
  );
}
