import { useMemo, useRef, useState, type ReactNode } from 'react';
import { currencies, defaultCurrency, type Currency } from '@studio/shared/currency';
import {
  createJobBodySchema,
  linkTypes,
  maxInstructionsLength,
  type CreateJobBody,
  type Job,
} from '@studio/shared/job';
import { nextVolumeTier, priceJob, priceLine, unitPriceCents } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import type { SubService, Turnaround, VolumeTier } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { Field, FieldGroup, FormAlert, FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateJob } from '../api/create-job.ts';
import { jobCallErrorOptions, unexpectedErrorText } from './job-errors.ts';
import { forcePhotoCount } from './photo-count.ts';
import { PhotoUploader } from './photo-uploader.tsx';
import { useQuotePhotoUploads } from './use-quote-photo-uploads.ts';
import './jobs.css';

type LinkType = (typeof linkTypes)[number];

const linkTypeLabels: Record<LinkType, string> = {
  own: 'I have my own cloud link (Dropbox, Google Drive, WeTransfer...)',
  generate: 'Upload my photos here',
};

function newKey(): string {
  return crypto.randomUUID();
}

/** `x1.5` as people read a surcharge: `+50 %`; x1 is no surcharge. */
function surchargeText(multiplier: number): string {
  const percent = Math.round(multiplier * 100) - 100;
  return percent === 0 ? 'no surcharge' : `+${percent} %`;
}

export function QuoteForm({
  serviceId,
  subServices,
  turnarounds = [],
  volumeTiers = [],
  orderFor,
  specChoice,
  onCreated,
}: {
  serviceId: string;
  subServices: readonly SubService[];
  /** The service's turnarounds, the first its default. */
  turnarounds?: readonly Turnaround[];
  volumeTiers?: readonly VolumeTier[];
  /**
   * The organisations the client may order for (#35) and the one to start with: a select when
   * there is more than one. Absent: the server orders for the client's personal organisation.
   */
  orderFor?: { organisations: readonly { id: string; name: string }[]; initial: string };
  /**
   * "Use a spec" (#35), given by the page: the control for the organisation the order is for.
   * Choosing a spec pre-fills the subservices of this service and its turnaround, and the order
   * names it; the client may still change what was filled in. A new organisation clears it.
   */
  specChoice?: (choice: {
    organisationId: string | null;
    specId: string | null;
    onChange: (spec: StyleSpec | null) => void;
  }) => ReactNode;
  onCreated: (job: Job) => void;
}) {
  // The client's own choice, else the one given (which may arrive after the form is filled in).
  const [chosenOrganisation, setOrganisationId] = useState<string | undefined>(undefined);
  const organisationId = chosenOrganisation ?? orderFor?.initial;
  const [spec, setSpec] = useState<StyleSpec | null>(null);
  const uploads = useQuotePhotoUploads();
  const createJob = useCreateJob();
  const upload = uploads.snapshot;
  const form = useSchemaForm({
    schema: createJobBodySchema,
    initialValues: {
      currency: defaultCurrency as Currency,
      selectedSubServices: [] as readonly string[],
      linkType: 'own' as LinkType,
      dropboxLink: '',
      numberOfPhotos: '1',
      turnaroundId: turnarounds[0]?.id ?? '',
      instructions: '',
    },
    toBody: () => body,
    // The photos uploaded here are the upload queue's; its id is checked as the body's `uploadId`.
    otherFields: ['uploadId'],
    check: ({ linkType }) => {
      if (linkType !== 'generate') return {};
      if (upload.busy) return { uploadId: 'Wait until your photos are uploaded.' };
      return upload.confirmedCount === 0 || !upload.uploadId ? { uploadId: 'Upload your photos first.' } : {};
    },
  });
  const { currency, linkType } = form.values;
  const turnaround = turnarounds.find((t) => t.id === form.values.turnaroundId) ?? null;

  // With "Upload my photos here" the count is the confirmed photos (this visit's and those of an
  // earlier one the upload resumes), as the server will bill it.
  const numberOfPhotos = linkType === 'generate' ? upload.confirmedCount : forcePhotoCount(form.values.numberOfPhotos);
  // A subservice without a price in this currency cannot be ordered in it (the server says 400).
  const lines = useMemo(
    () =>
      subServices
        .filter((s) => form.values.selectedSubServices.includes(s.id))
        .flatMap((s) => priceLine(s, currency) ?? []),
    [subServices, form.values.selectedSubServices, currency],
  );
  const chosen = useMemo(() => new Set(lines.map((line) => line.id)), [lines]);
  // Priced by the same module as the server's, so the total shown is the total stored.
  const price = priceJob({ lines, photos: numberOfPhotos, currency, turnaround, volumeTiers });
  const nextTier = nextVolumeTier(volumeTiers, numberOfPhotos);

  const instructions = form.values.instructions.trim();
  const body: CreateJobBody = {
    serviceId,
    selectedSubServices: subServices.filter((s) => chosen.has(s.id)).map((s) => s.id),
    currency,
    linkType,
    ...(linkType === 'own' ? { numberOfPhotos, dropboxLink: form.values.dropboxLink.trim() } : {}),
    ...(linkType === 'generate' && upload.uploadId ? { uploadId: upload.uploadId } : {}),
    ...(instructions ? { instructions } : {}),
    ...(turnaround ? { turnaroundId: turnaround.id } : {}),
    ...(orderFor && organisationId ? { organisationId } : {}),
    ...(spec ? { specId: spec.id } : {}),
  };

  function chooseSpec(next: StyleSpec | null) {
    setSpec(next);
    if (!next) return;
    const offered = new Set(subServices.map((s) => s.id));
    form.setValue(
      'selectedSubServices',
      next.subserviceIds.filter((id) => offered.has(id)),
    );
    if (next.turnaroundId && turnarounds.some((t) => t.id === next.turnaroundId)) {
      form.setValue('turnaroundId', next.turnaroundId);
    }
  }

  // One Idempotency-Key per submission of this exact quote: a retry or a double click reuses it,
  // a changed quote gets a new one (the server would refuse a different body under an old key).
  const bodyText = JSON.stringify(body);
  const key = useRef({ body: bodyText, value: newKey() });
  if (key.current.body !== bodyText) key.current = { body: bodyText, value: newKey() };

  const submit = form.handleSubmit(
    async (checked) => {
      const job = await createJob.mutateAsync({ body: checked, idempotencyKey: key.current.value });
      // The job holds the upload now: a later visit starts a new one.
      if (checked.linkType === 'generate') uploads.queue.forget();
      onCreated(job);
    },
    // Spec §8's texts lead every failure, a refusal of fields too ('Error: 400 - ...').
    { failureText: unexpectedErrorText, errorOptions: jobCallErrorOptions, refusedFields: 'failure' },
  );

  // Until the page has moved on to the payment, the created job is not offered again.
  const busy = form.submitting || createJob.isSuccess;

  return (
    <form className="form quote-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}

      {orderFor && orderFor.organisations.length > 1 && (
        <Field label="Order for">
          {(control) => (
            <select
              {...control}
              value={organisationId}
              onChange={(event) => {
                setOrganisationId(event.target.value);
                // Another organisation's specs are not this one's.
                setSpec(null);
              }}
            >
              {orderFor.organisations.map((organisation) => (
                <option key={organisation.id} value={organisation.id}>
                  {organisation.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}

      {specChoice?.({ organisationId: organisationId ?? null, specId: spec?.id ?? null, onChange: chooseSpec })}

      <Field label="Currency">
        {(control) => (
          <select {...control} {...form.control('currency')}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </Field>

      <FieldGroup legend="Subservices" className="quote-form__subservices" error={form.errors.selectedSubServices}>
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
                      {...form.option('selectedSubServices', subService.id)}
                      // Ticked and not offered in this currency: shown unticked, left out of the quote.
                      checked={chosen.has(subService.id)}
                      disabled={cents === null}
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
      </FieldGroup>

      <FieldGroup legend="Where are your photos?" className="form__radios">
        {linkTypes.map((type) => (
          <label key={type}>
            <input {...form.radio('linkType', type)} />
            {linkTypeLabels[type]}
          </label>
        ))}
      </FieldGroup>

      {linkType === 'own' ? (
        <FormField
          label="Cloud storage link"
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          {...form.field('dropboxLink')}
        />
      ) : (
        <PhotoUploader uploads={uploads} error={form.errors.uploadId} />
      )}

      {linkType === 'own' ? (
        <FormField
          label="Number of photos"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...form.field('numberOfPhotos')}
          onChange={(event) => {
            const raw = event.target.value;
            // Empty while typing is allowed; anything else below 1 becomes 1 at once (spec §5).
            form.setValue('numberOfPhotos', raw === '' ? '' : String(forcePhotoCount(raw)));
          }}
          onBlur={() => {
            if (form.values.numberOfPhotos !== String(numberOfPhotos)) {
              form.setValue('numberOfPhotos', String(numberOfPhotos));
            }
          }}
        />
      ) : (
        <p className="form__field quote-form__count" aria-live="polite">
          Number of photos: <output name="numberOfPhotos">{numberOfPhotos}</output>
          <span className="form__hint"> (the photos uploaded and checked; this is what you are billed for)</span>
        </p>
      )}

      {turnarounds.length > 0 && (
        <FieldGroup
          legend="Turnaround"
          className="form__radios quote-form__turnarounds"
          error={form.errors.turnaroundId}
        >
          {turnarounds.map((option) => (
            <label key={option.id}>
              <input {...form.radio('turnaroundId', option.id)} />
              <span>
                <span className="quote-form__option-name">{option.name}</span>{' '}
                <span className="quote-form__price">
                  delivered within {option.hours} h, {surchargeText(option.multiplier)}
                </span>
              </span>
            </label>
          ))}
        </FieldGroup>
      )}

      <Field label="Instructions" error={form.errors.instructions}>
        {(control) => <textarea {...control} maxLength={maxInstructionsLength} {...form.control('instructions')} />}
      </Field>

      <div className="quote-form__summary" aria-live="polite">
        <dl className="quote-form__breakdown">
          <div>
            <dt>Subtotal</dt>
            <dd>
              <output name="subtotal">{formatCents(price.subtotalCents, currency)}</output>
            </dd>
          </div>
          <div>
            <dt>
              Volume discount
              {price.volumeTier && price.volumeTier.discountPercent > 0
                ? ` (${price.volumeTier.discountPercent} % from ${price.volumeTier.minPhotos.toLocaleString('en-US')} photos)`
                : ''}
            </dt>
            <dd>
              <output name="discount">-{formatCents(price.discountCents, currency)}</output>
            </dd>
          </div>
          <div>
            <dt>
              {turnaround ? `${turnaround.name} turnaround (${surchargeText(turnaround.multiplier)})` : 'Turnaround'}
            </dt>
            <dd>
              <output name="surcharge">+{formatCents(price.rushSurchargeCents, currency)}</output>
            </dd>
          </div>
        </dl>
        {nextTier && (
          <p className="form__hint">
            Order {nextTier.minPhotos.toLocaleString('en-US')} photos or more for {nextTier.discountPercent} % off.
          </p>
        )}
        <p className="quote-form__total">
          Total: <output name="total">{formatCents(price.totalCents, currency)}</output>
        </p>
      </div>

      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Job'}
      </button>
    </form>
  );
}
