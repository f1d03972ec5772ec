import { useId, useState, type ReactNode } from 'react';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { uploadCatalogImage } from '../api/images.ts';
import '../../../components/form.css';
import './staff-content.css';

/** A progress bar with its percentage, for one file. */
export function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="sc-progress">
      <span className="sc-progress__label">{label}</span>
      <progress max={100} value={percent} aria-label={`Upload of ${label}`} />
      <span className="sc-progress__pct">{percent}%</span>
    </div>
  );
}

export type ImageSlot =
  | { state: 'empty' }
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'ready'; name: string; url: string }
  | { state: 'failed'; name: string; message: string };

/**
 * An image picker that uploads the chosen file at once (presigned POST, then the server's check)
 * and shows its progress; the parent keeps the resulting public path. `current` shows the image
 * in use when editing, replaced only if a new file is picked.
 */
export function ImageUploadField({
  label,
  slot,
  onChange,
  current,
  required,
}: {
  label: string;
  slot: ImageSlot;
  onChange: (slot: ImageSlot) => void;
  current?: string | null;
  required?: boolean;
}) {
  const id = useId();
  const preview = slot.state === 'ready' ? slot.url : current;
  return (
    <div className="form__field sc-image-field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          onChange({ state: 'uploading', name: file.name, percent: 0 });
          uploadCatalogImage(file, (percent) => onChange({ state: 'uploading', name: file.name, percent }))
            .then((url) => onChange({ state: 'ready', name: file.name, url }))
            .catch((error: unknown) =>
              onChange({
                state: 'failed',
                name: file.name,
                message: apiErrorText(error, 'Error uploading image. Please try again.', { issues: 'only' }),
              }),
            );
        }}
      />
      {slot.state === 'uploading' && <UploadProgress label={slot.name} percent={slot.percent} />}
      {slot.state === 'failed' && (
        <p className="form__error" role="alert">
          {slot.message}
        </p>
      )}
      {preview && <img className="sc-thumb" src={preview} alt={`${label} preview`} width={120} height={90} />}
    </div>
  );
}

export const slotUrl = (slot: ImageSlot) => (slot.state === 'ready' ? slot.url : undefined);
export const slotBusy = (slot: ImageSlot) => slot.state === 'uploading';

/** A delete button that asks first, inline: the spec's confirmation text, then Yes / Cancel. */
export function ConfirmDelete({
  question,
  onConfirm,
  label = 'Delete',
  disabled,
}: {
  question: string;
  onConfirm: () => void;
  label?: ReactNode;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="button button--danger sc-small"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="sc-confirm" role="group" aria-label="Confirm deletion">
      <span>{question}</span>
      <button
        type="button"
        className="button button--danger sc-small"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, delete
      </button>
      <button type="button" className="button button--secondary sc-small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A labelled select of services, with a first empty option. */
export function ServiceSelect({
  label,
  value,
  onChange,
  services,
  placeholder = 'Choose a service...',
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  services: { id: string; name: string }[];
  placeholder?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {services.map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Loading and error states shared by the staff lists. */
export function QueryState({ isPending, error, retry }: { isPending: boolean; error: unknown; retry: () => void }) {
  if (isPending) return <p role="status">Loading...</p>;
  if (error) {
    return (
      <div className="form__alert" role="alert">
        Failed to load data.{' '}
        <button type="button" className="button button--secondary sc-small" onClick={retry}>
          Try Again
        </button>
      </div>
    );
  }
  return null;
}
