import { useRef, useState } from 'react';
import type { Service } from '@studio/shared/service';
import {
  createSpecBodySchema,
  fileNamingTokens,
  maxReferenceImageBytes,
  maxReferenceImagesPerSpec,
  maxSpecInstructionsLength,
  referenceImageTypes,
  specAlignments,
  specBackgrounds,
  specColourProfiles,
  specCrops,
  specFileFormats,
  specLabels,
  type CreateSpecBody,
  type StyleSpec,
} from '@studio/shared/style-spec';
import { FormActions } from '../../../components/form-actions.tsx';
import { Field, FieldGroup, FormAlert, FormField } from '../../../components/form-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { uploadReferenceImage } from '../api/upload-reference-image.ts';
import '../../../components/form.css';
import './specs.css';

/** A reference image in the form: one the spec has, or one being uploaded or just uploaded. */
interface FormImage {
  /** The server's id once the upload link was made; a local key before. */
  key: string;
  id: string | null;
  fileName: string;
  /** The picture to show: the spec's presigned GET, or the chosen file's object URL. */
  preview: string;
  progress: number;
  error: string | null;
}

const tokenHelp: Record<(typeof fileNamingTokens)[number], string> = {
  '{original}': 'the uploaded file’s name without its extension',
  '{n}': 'the image’s number in the job',
  '{job}': 'the job number',
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function initialValuesOf(spec: StyleSpec | undefined) {
  return {
    name: spec?.name ?? '',
    instructions: spec?.instructions ?? '',
    serviceId: spec?.serviceId ?? '',
    subserviceIds: spec?.subserviceIds ?? ([] as readonly string[]),
    turnaroundId: spec?.turnaroundId ?? '',
    background: spec?.background ?? 'keep',
    backgroundHex: spec?.backgroundHex ?? '#FFFFFF',
    marginTop: text(spec?.margins?.top),
    marginRight: text(spec?.margins?.right),
    marginBottom: text(spec?.margins?.bottom),
    marginLeft: text(spec?.margins?.left),
    alignment: spec?.alignment ?? 'keep',
    crop: spec?.crop ?? 'keep',
    aspectRatio: spec?.aspectRatio ?? '',
    outputWidth: text(spec?.outputSize?.width),
    outputHeight: text(spec?.outputSize?.height),
    fileFormat: spec?.fileFormat ?? 'keep',
    colourProfile: spec?.colourProfile ?? 'keep',
    dpi: text(spec?.dpi),
    maxFileSizeKb: text(spec?.maxFileSizeKb),
    fileNaming: spec?.fileNaming ?? '',
  };
}

const numberFields = [
  'marginTop',
  'marginRight',
  'marginBottom',
  'marginLeft',
  'outputWidth',
  'outputHeight',
  'dpi',
  'maxFileSizeKb',
] as const;

/** `margins.top` -> `marginTop`, `outputSize.width` -> `outputWidth`. */
function fieldOf(path: string): string | undefined {
  const [first, second] = path.split('.');
  if (first === 'margins' && second) return `margin${second[0]!.toUpperCase()}${second.slice(1)}`;
  if (first === 'outputSize' && second) return `output${second[0]!.toUpperCase()}${second.slice(1)}`;
  return undefined;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The one form of a style spec (#35), for an organisation's specs and the studio's house specs:
 * the name and instructions first, then the settings in groups, each at "keep" unless set, and
 * the reference images (uploaded as chosen, with progress). `save` sends the checked body (the
 * page adds the version it started from); a 409 says someone saved meanwhile and offers `reload`.
 */
export function SpecForm({
  spec,
  organisationId,
  services,
  save,
  onCancel,
  onReload,
  submitLabel,
}: {
  spec?: StyleSpec;
  /** The organisation whose upload route the images use; null for a house spec. */
  organisationId: string | null;
  services: readonly Service[];
  save: (body: CreateSpecBody) => Promise<unknown>;
  onCancel?: () => void;
  /** Shown after a 409: reads the spec again (the page then opens the form on the new version). */
  onReload?: () => void;
  submitLabel: string;
}) {
  const [images, setImages] = useState<FormImage[]>(
    (spec?.referenceImages ?? []).map((image) => ({
      key: image.id,
      id: image.id,
      fileName: image.fileName,
      preview: image.url,
      progress: 100,
      error: null,
    })),
  );
  const [conflict, setConflict] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = images.some((image) => image.id === null || (image.progress < 100 && !image.error));

  const form = useSchemaForm({
    schema: createSpecBodySchema,
    initialValues: initialValuesOf(spec),
    numbers: numberFields,
    labels: {
      name: 'Name',
      marginTop: 'Top margin',
      marginRight: 'Right margin',
      marginBottom: 'Bottom margin',
      marginLeft: 'Left margin',
      outputWidth: 'Width',
      outputHeight: 'Height',
      dpi: 'DPI',
      maxFileSizeKb: 'Largest file',
    },
    fieldOf,
    otherFields: ['referenceImages'],
    check: () => ({
      referenceImages: uploading
        ? 'Wait for the reference images to finish uploading.'
        : images.some((image) => image.error)
          ? 'Remove the images that failed to upload.'
          : undefined,
    }),
    toBody: (values) => {
      const margins = [values.marginTop, values.marginRight, values.marginBottom, values.marginLeft];
      const serviceId = (values.serviceId as string) || null;
      return {
        name: values.name,
        instructions: values.instructions,
        serviceId,
        subserviceIds: serviceId ? values.subserviceIds : [],
        turnaroundId: serviceId ? (values.turnaroundId as string) || null : null,
        background: values.background,
        backgroundHex: values.backgroundHex,
        margins: margins.every((m) => m === undefined)
          ? null
          : { top: values.marginTop, right: values.marginRight, bottom: values.marginBottom, left: values.marginLeft },
        alignment: values.alignment,
        crop: values.crop,
        aspectRatio: (values.aspectRatio as string).trim() || null,
        outputSize:
          values.outputWidth === undefined && values.outputHeight === undefined
            ? null
            : { width: values.outputWidth, height: values.outputHeight },
        fileFormat: values.fileFormat,
        colourProfile: values.colourProfile,
        dpi: values.dpi ?? null,
        maxFileSizeKb: values.maxFileSizeKb ?? null,
        fileNaming: (values.fileNaming as string).trim() || null,
        referenceImages: images.map((image) => ({ id: image.id ?? '', fileName: image.fileName })),
      };
    },
  });
  const service = services.find((s) => s.id === form.values.serviceId);
  /** A setting chosen from a list, at "keep" until chosen. */
  const choice = <T extends string>(
    name: Parameters<typeof form.field>[0],
    label: string,
    values: readonly T[],
    labels: Record<T, string>,
  ) => <SelectField label={label} placeholder="Choose..." options={options(values, labels)} {...form.field(name)} />;

  async function send(body: CreateSpecBody) {
    try {
      await save(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      throw error;
    }
  }

  function addFiles(files: FileList | null) {
    for (const file of [...(files ?? [])]) {
      const key = `local-${crypto.randomUUID()}`;
      const tooBig = file.size > maxReferenceImageBytes;
      const wrongType = !(file.type in referenceImageTypes);
      const error = wrongType
        ? `${file.name}: a reference image is a JPEG, PNG or WebP picture.`
        : tooBig
          ? `${file.name}: a reference image is at most ${maxReferenceImageBytes / 1024 / 1024} MB.`
          : null;
      const entry: FormImage = {
        key,
        id: null,
        fileName: file.name,
        preview: URL.createObjectURL(file),
        progress: 0,
        error,
      };
      setImages((current) => [...current, entry]);
      if (error) continue;
      const patch = (change: Partial<FormImage>) =>
        setImages((current) => current.map((image) => (image.key === key ? { ...image, ...change } : image)));
      uploadReferenceImage(organisationId, file, (progress) => patch({ progress: Math.min(99, progress) }))
        .then((id) => patch({ id, progress: 100 }))
        .catch((failure: unknown) =>
          patch({
            error: `${file.name} could not be uploaded${failure instanceof ApiError ? `: ${failure.message}` : '.'}`,
          }),
        );
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <form
      className="form spec-form"
      onSubmit={form.handleSubmit(send, { failureText: 'The spec could not be saved' })}
      noValidate
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      {conflict && (
        <div className="form__alert spec-form__conflict" role="alert">
          <p>Someone saved this spec while you were editing it, so your changes were not saved.</p>
          {onReload && (
            <button type="button" className="button button--secondary" onClick={onReload}>
              Reload the spec
            </button>
          )}
        </div>
      )}
      <FormField label="Name *" maxLength={80} autoComplete="off" {...form.field('name')} />
      <Field
        label="Instructions"
        hint={`What the retoucher should know, in your words (at most ${maxSpecInstructionsLength} characters).`}
        error={form.errors.instructions}
      >
        {(control) => <textarea {...control} rows={5} {...form.control('instructions')} />}
      </Field>

      <FieldGroup legend="Service & turnaround" className="spec-form__group">
        <p className="form__hint">What an order with this spec starts with; the order can still change it.</p>
        <SelectField
          label="Service"
          placeholder="Any service"
          options={services.map((s) => ({ value: s.id, label: s.name }))}
          {...form.control('serviceId')}
          error={form.errors.serviceId}
        />
        {service && service.subServices.length > 0 && (
          <FieldGroup legend="Options" error={form.errors.subserviceIds} className="spec-form__options">
            {service.subServices.map((sub) => (
              <label key={sub.id} className="spec-form__check">
                <input {...form.option('subserviceIds', sub.id)} /> {sub.name}
              </label>
            ))}
          </FieldGroup>
        )}
        {service && (
          <SelectField
            label="Turnaround"
            placeholder="The order’s choice"
            options={service.turnarounds.map((t) => ({ value: t.id, label: t.name }))}
            {...form.control('turnaroundId')}
            error={form.errors.turnaroundId}
          />
        )}
      </FieldGroup>

      <FieldGroup legend="Background" className="spec-form__group">
        {choice('background', 'Background', specBackgrounds, specLabels.background)}
        {form.values.background === 'white' && (
          <FormField label="Colour" hint="As #RRGGBB: #FFFFFF is pure white." {...form.field('backgroundHex')} />
        )}
      </FieldGroup>

      <FieldGroup legend="Framing" className="spec-form__group">
        <fieldset className="spec-form__row">
          <legend>Margins around the product (% of the side; leave all empty to keep)</legend>
          <FormField label="Top" inputMode="numeric" {...form.field('marginTop')} />
          <FormField label="Right" inputMode="numeric" {...form.field('marginRight')} />
          <FormField label="Bottom" inputMode="numeric" {...form.field('marginBottom')} />
          <FormField label="Left" inputMode="numeric" {...form.field('marginLeft')} />
        </fieldset>
        {choice('alignment', 'Position', specAlignments, specLabels.alignment)}
        {choice('crop', 'Crop', specCrops, specLabels.crop)}
        <FormField
          label="Aspect ratio"
          hint="Width:height, e.g. 1:1 or 4:5; empty keeps it."
          {...form.field('aspectRatio')}
        />
        <fieldset className="spec-form__row">
          <legend>Output size in pixels (empty keeps it)</legend>
          <FormField label="Width" inputMode="numeric" {...form.field('outputWidth')} />
          <FormField label="Height" inputMode="numeric" {...form.field('outputHeight')} />
        </fieldset>
      </FieldGroup>

      <FieldGroup legend="File" className="spec-form__group">
        {choice('fileFormat', 'Format', specFileFormats, specLabels.fileFormat)}
        {choice('colourProfile', 'Colour profile', specColourProfiles, specLabels.colourProfile)}
        <FormField label="DPI" inputMode="numeric" hint="72 to 1200; empty keeps it." {...form.field('dpi')} />
        <FormField
          label="Largest file (KB)"
          inputMode="numeric"
          hint="1,000 KB is 1 MB; empty: no limit."
          {...form.field('maxFileSizeKb')}
        />
        <FormField
          label="File names"
          hint={
            <>
              Letters, digits, - _ . and these tokens:{' '}
              {fileNamingTokens.map((token, index) => (
                <span key={token}>
                  {index > 0 && '; '}
                  <code>{token}</code> {tokenHelp[token]}
                </span>
              ))}
              . E.g. <code>{'{job}-{n}'}</code>. The extension follows the format; empty keeps the names.
            </>
          }
          {...form.field('fileNaming')}
        />
      </FieldGroup>

      <FieldGroup legend="Reference images" error={form.errors.referenceImages} className="spec-form__group">
        <p className="form__hint">
          Examples of the look you want: JPEG, PNG or WebP, up to {maxReferenceImagesPerSpec} images of at most{' '}
          {maxReferenceImageBytes / 1024 / 1024} MB each.
        </p>
        {images.length > 0 && (
          <ul className="spec-form__images">
            {images.map((image) => (
              <li key={image.key}>
                <img src={image.preview} alt="" width={64} height={64} />
                <span className="spec-form__image-name">{image.fileName}</span>
                {image.error ? (
                  <span className="form__error">{image.error}</span>
                ) : image.id === null || image.progress < 100 ? (
                  <progress max={100} value={image.progress} aria-label={`Uploading ${image.fileName}`} />
                ) : null}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setImages((current) => current.filter((i) => i.key !== image.key))}
                  aria-label={`Remove ${image.fileName}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {images.length < maxReferenceImagesPerSpec && (
          <label className="spec-form__add">
            Add reference images
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={Object.keys(referenceImageTypes).join(',')}
              onChange={(event) => addFiles(event.target.files)}
            />
          </label>
        )}
      </FieldGroup>

      <FormActions
        className="spec-form__actions"
        label={submitLabel}
        submitting={form.submitting}
        onCancel={onCancel}
      />
    </form>
  );
}
