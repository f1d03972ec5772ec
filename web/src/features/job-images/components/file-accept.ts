import { versionFileTypes } from '@studio/shared/image-api';

/** What the file inputs of finished files offer: the types, and PSD by extension (browsers seldom know its type). */
export const finishedFileAccept = [...Object.keys(versionFileTypes), '.psd'].join(',');
