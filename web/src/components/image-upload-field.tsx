import { useEffect, useRef, useState } from 'react';
import { apiErrorText } from '../lib/api-error-text.ts';
import { uploadCatalogImage } from '../lib/upload-catalog-image.ts';
import { Field } from './form-field.tsx';
import './image-upload-field.css';

/** A progress bar with its percentage, for one file. */
export function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="upload-progress">
      <span className="upload-progress__label">{label}</span>
      <progress max={100} value={percent} aria-label={`Upload of ${label}`} />
      <span className="upload-progress__percent">{percent}%</span>
    </div>
  );
}

/** Where one image picker stands: nothing picked, uploading, uploaded (its public path), or failed. */
export type ImageSlot =
  | { state: 'empty' }
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'ready'; name: string; url: string }
  | { state: 'failed'; name: string; message: string };

export const emptySlot: ImageSlot = { state: 'empty' };
/** The uploaded image's public path, to send in a catalogue write; undefined until uploaded. */
export const slotUrl = (slot: ImageSlot) => (slot.state === 'ready' ? slot.url : undefined);
export const slotBusy = (slot: ImageSlot) => slot.state === 'uploading';

/**
 * A catalogue image picker that uploads the chosen file at once (presigned POST, then the server's
 * check) and shows its progress; the parent keeps the slot, whose public path goes in the write.
 * `current` shows the image in use when editing, replaced only if a new file is picked. Setting
 * the slot back to empty clears the picker.
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
  const input = useRef<HTMLInputElement>(null);
  // Only the file picked last may change the slot (a slow first upload must not win).
  const latest = useRef<File | null>(null);
  useEffect(() => {
    if (slot.state === 'empty' && input.current) input.current.value = '';
  }, [slot.state]);

  function pick(file: File | undefined) {
    if (!file) return;
    latest.current = file;
    const report = (next: ImageSlot) => {
      if (latest.current === file) onChange(next);
    };
    report({ state: 'uploading', name: file.name, percent: 0 });
    uploadCatalogImage(file, (percent) => report({ state: 'uploading', name: file.name, percent }))
      .then((url) => report({ state: 'ready', name: file.name, url }))
      .catch((error: unknown) =>
        report({
          state: 'failed',
          name: file.name,
          message: apiErrorText(error, 'Error uploading image. Please try again.', { issues: 'only' }),
        }),
      );
  }

  const preview = slot.state === 'ready' ? slot.url : current;
  return (
    <Field label={required ? `${label} *` : label}>
      {(control) => (
        <>
          <input
            {...control}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => pick(event.target.files?.[0])}
          />
          {slot.state === 'uploading' && <UploadProgress label={slot.name} percent={slot.percent} />}
          {slot.state === 'failed' && (
            <p className="form__error" role="alert">
              {slot.message}
            </p>
          )}
          {preview && <img className="image-thumb" src={preview} alt={`${label} preview`} width={120} height={90} />}
        </>
      )}
    </Field>
  );
}

/** A before and an after image picked for one write: their slots, and what the write needs. */
export function useImagePair() {
  const [before, setBefore] = useState<ImageSlot>(emptySlot);
  const [after, setAfter] = useState<ImageSlot>(emptySlot);
  return {
    before,
    after,
    setBefore,
    setAfter,
    /** The uploaded images' public paths for the body; undefined for one not uploaded. */
    paths: () => ({ beforeImage: slotUrl(before), afterImage: slotUrl(after) }),
    /** True while either is uploading: the form waits. */
    busy: slotBusy(before) || slotBusy(after),
    reset: () => {
      setBefore(emptySlot);
      setAfter(emptySlot);
    },
  };
}

export type ImagePair = ReturnType<typeof useImagePair>;

const pairLabels = {
  required: ['Before image', 'After image'],
  optional: ['Before image (optional)', 'After image (optional)'],
  replace: ['New before image (optional)', 'New after image (optional)'],
} as const;

/**
 * The before and after pickers side by side: `required` for a new item, `optional` where images
 * may be left out, `replace` when editing (`current` shows the images in use).
 */
export function ImagePairFields({
  images,
  kind,
  current,
}: {
  images: ImagePair;
  kind: keyof typeof pairLabels;
  current?: { beforeImage?: string | null; afterImage?: string | null };
}) {
  const [beforeLabel, afterLabel] = pairLabels[kind];
  return (
    <div className="form__row">
      <ImageUploadField
        label={beforeLabel}
        required={kind === 'required'}
        slot={images.before}
        onChange={images.setBefore}
        current={current?.beforeImage}
      />
      <ImageUploadField
        label={afterLabel}
        required={kind === 'required'}
        slot={images.after}
        onChange={images.setAfter}
        current={current?.afterImage}
      />
    </div>
  );
}
