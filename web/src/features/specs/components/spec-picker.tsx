import { useState } from 'react';
import type { Service } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { Field } from '../../../components/form-field.tsx';
import { useSpecs } from '../api/list-specs.ts';
import { SpecDetails } from './spec-details.tsx';
import './specs.css';

/** A spec fits an order of a service when it names that service or none. */
export function specFits(spec: StyleSpec, serviceId: string): boolean {
  return !spec.deleted && (spec.serviceId === null || spec.serviceId === serviceId);
}

/** Phones see the chosen spec folded (one tap opens it); wider screens open. */
function startsOpen(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia('(max-width: 600px)').matches;
}

/**
 * "Use a spec" on the quote page (#35): the live specs of the organisation the order is for that
 * fit this service, and the chosen one's details. Nothing at all when there is no such spec.
 */
export function SpecPicker({
  organisationId,
  service,
  specId,
  onChange,
}: {
  organisationId: string | null;
  service: Service;
  specId: string | null;
  onChange: (spec: StyleSpec | null) => void;
}) {
  const specs = useSpecs(organisationId);
  const [open, setOpen] = useState(startsOpen);
  const fitting = (specs.data ?? []).filter((spec) => specFits(spec, service.id));
  if (fitting.length === 0) return null;
  const chosen = fitting.find((spec) => spec.id === specId) ?? null;
  return (
    <div className="spec-picker">
      <Field
        label="Use a spec"
        hint="A saved spec fills in the options and turnaround below (you can still change them) and tells the studio how the images must look."
      >
        {(control) => (
          <select
            {...control}
            name="specId"
            value={chosen?.id ?? ''}
            onChange={(event) => onChange(fitting.find((spec) => spec.id === event.target.value) ?? null)}
          >
            <option value="">No spec</option>
            {fitting.map((spec) => (
              <option key={spec.id} value={spec.id}>
                {spec.name} (version {spec.version})
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen && (
        <details
          className="spec-picker__details"
          open={open}
          onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
        >
          <summary>
            {chosen.name} · version {chosen.version}
          </summary>
          <SpecDetails spec={chosen} services={[service]} />
        </details>
      )}
    </div>
  );
}
