import { useMemo, useRef, useState, type FormEvent } from 'react';
import { currencies, defaultCurrency, type Currency } from '@studio/shared/currency';
import {
  createJobBodySchema,
  linkTypes,
  maxInstructionsLength,
  type CreateJobBody,
  type Job,
} from '@studio/shared/job';
import { jobTotalCents, priceLine, unitPriceCents } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import type { SubService } from '@studio/shared/service';
import { FormAlert } from '../../../components/form-field.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../../lib/form-issues.ts';
import { useCreateJob } from '../api/create-job.ts';
import { jobCallErrorOptions, unexpectedErrorText } from './job-errors.ts';
import { forcePhotoCount } from './photo-count.ts';
import { UploadArea } from '../../../components/upload-area.tsx';
import { uploadSummary } from '../../../lib/upload-queue.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';
import './jobs.css';

const linkTypeLabels: Record<(typeof linkTypes)[number], string> = {
  own: 'I have my own cloud link (Dropbox, Google Drive, WeTransfer...)',
  generate: 'Upload my photos here',
};

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The quote builder (spec §2): subservices priced in the chosen currency, photo count, where the
 * photos are, instructions, and a live total computed exactly as the server will.
 */
export function QuoteForm({
  serviceId,
  subServices,
  onCreated,
}: {
  serviceId: string;
  subServices: readonly SubService[];
  onCreated: (job: Job) => void;
}) {
  const [currency, setCurrency] = useState<Currency>(defaultCurrency);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [photosText, setPhotosText] = useState('1');
  const [linkType, setLinkType] = useState<(typeof linkTypes)[number]>('own');
  const [dropboxLink, setDropboxLink] = useState('');
  const [instructions, setInstructions] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const uploads = usePhotoUploads();
  const createJob = useCreateJob();
  const submitting = useRef(false);

  const upload = uploadSummary(uploads.state);
  // With "Upload my photos here" the count is the confirmed photos, as the server will bill it.
  const numberOfPhotos = linkType === 'generate' ? upload.done : forcePhotoCount(photosText);
  // A subservice without a price in this currency cannot be ordered in it (the server says 400).
  const lines = useMemo(
    () => subServices.filter((s) => selected.has(s.id)).flatMap((s) => priceLine(s, currency) ?? []),
    [subServices, selected, currency],
  );
  const chosen = useMemo(() => new Set(lines.map((line) => line.id)), [lines]);
  // Priced by the same module as the server's, so the total shown is the total stored.
  const totalCents = jobTotalCents({ lines, photos: numberOfPhotos, currency });

  const body: CreateJobBody = {
    serviceId,
    selectedSubServices: subServices.filter((s) => chosen.has(s.id)).map((s) => s.id),
    currency,
    linkType,
    ...(linkType === 'own' ? { numberOfPhotos, dropboxLink: dropboxLink.trim() } : {}),
    ...(linkType === 'generate' && uploads.state.uploadId ? { uploadId: uploads.state.uploadId } : {}),
    ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
  };

  // One Idempotency-Key per submission of this exact quote: a retry or a double click reuses it,
  // a changed quote gets a new one (the server would refuse a different body under an old key).
  const bodyText = JSON.stringify(body);
  const key = useRef({ body: bodyText, value: newKey() });
  if (key.current.body !== bodyText) key.current = { body: bodyText, value: newKey() };

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const nextSet = new Set(current);
      if (on) nextSet.add(id);
      else nextSet.delete(id);
      return nextSet;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    setError(null);
    if (linkType === 'generate' && upload.busy) {
      setFields({ uploadId: 'Wait until your photos are uploaded.' });
      return;
    }
    if (linkType === 'generate' && upload.done === 0) {
      setFields({ uploadId: 'Upload your photos first.' });
      return;
    }
    const problems = schemaFieldErrors(createJobBodySchema, body);
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    submitting.current = true;
    createJob.mutate(
      { body, idempotencyKey: key.current.value },
      {
        onSuccess: (job) => onCreated(job),
        onError: (cause) => {
          setFields(apiFieldErrors(cause));
          setError(apiErrorText(cause, unexpectedErrorText, jobCallErrorOptions));
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  const busy = createJob.isPending || createJob.isSuccess;

  return (
    <form className="form quote-form" onSubmit={submit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}

      <div className="form__field">
        <label htmlFor="quote-currency">Currency</label>
        <select id="quote-currency" value={currency} onChange={(event) => setCurrency(event.target.value as Currency)}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>

      <fieldset
        className="quote-form__subservices"
        aria-describedby={fields.selectedSubServices ? 'quote-sub-error' : undefined}
      >
        <legend>Subservices</legend>
        {subServices.length === 0 ? (
          <p className="form__hint">No subservices available for this service.</p>
        ) : (
          <ul className="quote-form__options">
            {subServices.map((subService) => {
              const cents = unitPriceCents(subService, currency);
              return (
                <li key={subService.id}>
                  <label className="form__check">
                    <input
                      type="checkbox"
                      name="subservice"
                      value={subService.id}
                      checked={chosen.has(subService.id)}
                      disabled={cents === null}
                      onChange={(event) => toggle(subService.id, event.target.checked)}
                    />
                    <span>
                      <span className="quote-form__option-name">{subService.name}</span>{' '}
                      <span className="quote-form__price">
                        {cents === null ? `not available in ${currency}` : `${formatCents(cents, currency)} per photo`}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {fields.selectedSubServices && (
          <p id="quote-sub-error" className="form__error">
            {fields.selectedSubServices}
          </p>
        )}
      </fieldset>

      <fieldset className="form__radios">
        <legend>Where are your photos?</legend>
        {linkTypes.map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="linkType"
              value={type}
              checked={linkType === type}
              onChange={() => setLinkType(type)}
            />
            {linkTypeLabels[type]}
          </label>
        ))}
      </fieldset>

      {linkType === 'own' ? (
        <div className="form__field">
          <label htmlFor="quote-link">Cloud storage link</label>
          <input
            id="quote-link"
            type="url"
            inputMode="url"
            placeholder="https://"
            required
            value={dropboxLink}
            aria-invalid={fields.dropboxLink ? true : undefined}
            aria-describedby={fields.dropboxLink ? 'quote-link-error' : undefined}
            onChange={(event) => setDropboxLink(event.target.value)}
          />
          {fields.dropboxLink && (
            <p id="quote-link-error" className="form__error">
              {fields.dropboxLink}
            </p>
          )}
        </div>
      ) : (
        <UploadArea
          state={uploads.state}
          onAdd={uploads.add}
          onRetry={uploads.retry}
          onRemove={uploads.remove}
          error={fields.uploadId}
        />
      )}

      {linkType === 'own' ? (
        <div className="form__field">
          <label htmlFor="quote-photos">Number of photos</label>
          <input
            id="quote-photos"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={photosText}
            aria-invalid={fields.numberOfPhotos ? true : undefined}
            onChange={(event) => {
              const raw = event.target.value;
              // Empty while typing is allowed; anything else below 1 becomes 1 at once (spec §5).
              setPhotosText(raw === '' ? '' : String(forcePhotoCount(raw)));
            }}
            onBlur={() => setPhotosText(String(numberOfPhotos))}
          />
          {fields.numberOfPhotos && <p className="form__error">{fields.numberOfPhotos}</p>}
        </div>
      ) : (
        <p className="form__field quote-form__count" aria-live="polite">
          Number of photos: <output name="numberOfPhotos">{numberOfPhotos}</output>
          <span className="form__hint"> (the photos uploaded and checked; this is what you are billed for)</span>
        </p>
      )}

      <div className="form__field">
        <label htmlFor="quote-instructions">Instructions</label>
        <textarea
          id="quote-instructions"
          maxLength={maxInstructionsLength}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
        {fields.instructions && <p className="form__error">{fields.instructions}</p>}
      </div>

      <p className="quote-form__total" aria-live="polite">
        Total: <output name="total">{formatCents(totalCents, currency)}</output>
      </p>

      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Job'}
      </button>
    </form>
  );
}
