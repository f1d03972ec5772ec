import type { ImageVersion, JobImage } from '@studio/shared/image-api';

/** A file with a preview: an image's original, or a version. */
export type ImageFile = JobImage['original'] | ImageVersion;
