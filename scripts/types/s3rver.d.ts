declare module 's3rver' {
  import type FilesystemStore from 's3rver/lib/stores/filesystem.js';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** The store its requests read and write (its filesystem store, made by the constructor). */
    store: FilesystemStore;
    /** What its request handlers see as `ctx`; holds the same store. */
    context: { store: FilesystemStore };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/stores/filesystem.js' {
  export interface StoredObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }
  export default class FilesystemStore {
    constructor(directory: string);
    getResourcePath(bucket: string, key?: string, resource?: string): string;
    putBucket(bucket: string): Promise<unknown>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  }
}
