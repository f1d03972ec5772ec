import type { ChangeEventHandler } from 'react';
import type { Job } from '@studio/shared/job';
import { deliveredImages, imageCountsOf, totalImages } from '@studio/shared/images';
import { FormField } from '../../../components/form-field.tsx';

/**
 * A job's images delivered of all its images (#33), or null for a job without images (sent as a
 * link): its progress is set by hand.
 */
export function imagesDelivered(job: Pick<Job, 'imageCounts'>): { delivered: number; total: number } | null {
  if (!job.imageCounts) return null;
  const counts = imageCountsOf(job.imageCounts);
  const total = totalImages(counts);
  return total > 0 ? { delivered: deliveredImages(counts), total } : null;
}

/** What a job with images says instead of a progress field: its progress follows its images. */
export function ImagesProgress({ delivered, total }: { delivered: number; total: number }) {
  return (
    <p className="form__hint staff-job__images-progress">
      Progress follows the job&apos;s images: {delivered} of {total} delivered. Deliver finished files on the job&apos;s
      page.
    </p>
  );
}

/**
 * A job card form's last row: the job's progress (a whole number of per cent, 0 to 100) and the
 * button that sends the form, which reads `busyLabel` while it is sent and is disabled while
 * `disabled` (the form or another change of the job is on its way). A job with images (`images`)
 * has no progress field: its progress follows its images, and the server refuses another.
 */
export function ProgressRow({
  field,
  sending,
  disabled = sending,
  label,
  busyLabel,
  images = null,
  max = 100,
}: {
  /** `form.field('progress')`. */
  field: { name: string; value: string; onChange: ChangeEventHandler<HTMLInputElement>; error?: string };
  sending: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
  images?: { delivered: number; total: number } | null;
  /** Highest progress the field offers (99 where delivering is its own action). */
  max?: number;
}) {
  return (
    <div className="staff-job__row">
      {images ? (
        <ImagesProgress {...images} />
      ) : (
        <FormField label="Progress (%)" type="number" min={0} max={max} step={1} inputMode="numeric" {...field} />
      )}
      <button type="submit" className="button button--primary" disabled={disabled}>
        {sending ? busyLabel : label}
      </button>
    </div>
  );
}
