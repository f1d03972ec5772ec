import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import FilesystemStore, { type StoredObject } from 's3rver/lib/stores/filesystem.js';

/** The size of a file, 0 while it does not exist. */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** How long a PUT may wait for its file before it fails (a disk that stopped, not a slow one). */
const fileWriteLimitMs = 30_000;

/**
 * s3rver's store, showing a PUT whole once it is answered, as S3 does. s3rver resolves `putObject`
 * when it has read the request's body, while its file stream may still be writing the last chunks:
 * a GET sent right after the PUT's answer (a handler checking what it just stored) can then read a
 * cut object. This store answers only when the file holds every byte.
 */
export class WholeObjectStore extends FilesystemStore {
  override async putObject(object: StoredObject): Promise<{ size: number; md5: string }> {
    const stored = await super.putObject(object);
    const file = this.getResourcePath(object.bucket, object.key, 'object');
    const started = Date.now();
    // The file may not even exist yet: s3rver opens its write stream without waiting for it.
    while ((await sizeOf(file)) < stored.size) {
      if (Date.now() - started > fileWriteLimitMs) {
        throw new Error(
          `the emulator's file for ${object.bucket}/${object.key} is still short after ${fileWriteLimitMs} ms`,
        );
      }
      await sleep(1);
    }
    return stored;
  }
}
