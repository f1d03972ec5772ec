import type { ValidationIssue } from '@studio/shared/errors';
import type { BatchUploadLink, ConfirmPhotoBatchResponse, CreateUploadLinksResponse } from '@studio/shared/image-api';
import { maxFileBytes, maxFilesPerBatch } from '@studio/shared/images';
import { uploadImageTypes, type UploadImageType } from '@studio/shared/upload';
import { ApiError } from '../../../lib/api-client.ts';
import { imageTypeOfName } from '../../../lib/image-file-type.ts';

/*
 * The quote's photo uploader (#33), without React: a queue that asks the server for links in
 * calls of up to 100 files, sends a few files to storage at once, confirms what was sent in calls
 * of up to 100, and remembers (per signed-in client) which files are confirmed, so that after a
 * reload the same files are not sent again. The page reads snapshots of it, at most one per
 * `notifyMs`, so that a thousand files sending progress events do not re-render the page each time.
 */

/** A photo's state as the page shows it. */
export type PhotoStatus = 'queued' | 'uploading' | 'confirming' | 'done' | 'refused' | 'failed';
export const photoStatuses = ['queued', 'uploading', 'confirming', 'done', 'refused', 'failed'] as const;

export interface PhotoItem {
  readonly id: string;
  /** The name sent to the server: the file's own name. */
  readonly fileName: string;
  /** Where the file was in a chosen or dropped folder (else its name): shown, and matched on resume. */
  readonly path: string;
  readonly size: number;
  readonly status: PhotoStatus;
  /** Bytes sent to storage so far. */
  readonly sentBytes: number;
  /** Why it was refused or failed, in words. */
  readonly error: string | null;
  /** Whether Retry can help (a failed send or check), not for a file the server refused. */
  readonly retryable: boolean;
  /** Confirmed on an earlier visit (same path and size): listed as done, not sent again. */
  readonly resumed: boolean;
}

/** A file the person chose, with its place in a folder when it came from one. */
export interface ChosenFile {
  file: File;
  /** `holiday/IMG_0001.jpg` for a file of a folder; the file's name otherwise. */
  path?: string;
}

/** What the last files added came to, for the note under the drop zone. */
export interface AddNote {
  added: number;
  /** Confirmed on an earlier visit: not sent again. */
  alreadyUploaded: number;
  /** Already in the list. */
  duplicates: number;
  /** Names of files that are not photos of an accepted type (up to {@link skippedNamesShown}). */
  skippedNames: string[];
  skipped: number;
}

export const skippedNamesShown = 5;

export interface UploaderSnapshot {
  uploadId: string | null;
  items: readonly PhotoItem[];
  counts: Record<PhotoStatus, number>;
  /** Bytes of the listed photos that are (or were) to be sent, and how many of them are sent. */
  totalBytes: number;
  sentBytes: number;
  /** Photos of the upload confirmed by the server, this visit and earlier ones: the count billed. */
  confirmedCount: number;
  /** Confirmed on earlier visits (as read when the page opened). */
  resumedCount: number;
  /** Files still to be sent or checked (those of the last visit too). */
  busy: boolean;
  /** Files of the last visit that may be in the bucket unconfirmed are being checked. */
  recovering: boolean;
  /** The server's word that the upload takes no more photos (a job was made of it). */
  closed: string | null;
  lastAdd: AddNote | null;
}

/** The calls the queue makes; the page passes the real ones, the tests their own. */
export interface UploadApi {
  createLinks(body: {
    uploadId?: string;
    files: { fileName: string; contentType: UploadImageType; size: number }[];
  }): Promise<CreateUploadLinksResponse>;
  send(link: BatchUploadLink, file: File, onProgress: (bytes: number) => void, signal: AbortSignal): Promise<void>;
  confirm(uploadId: string, photos: { key: string; fileName: string }[]): Promise<ConfirmPhotoBatchResponse>;
}

/** A file given a link and not yet confirmed: it may be in the bucket when the page is reloaded. */
export interface PendingFile {
  key: string;
  fileName: string;
  /** {@link fileIdentity} of the file. */
  identity: string;
}

/** What is kept between visits: the upload, its confirmed files, the files linked but not confirmed. */
export interface StoredUpload {
  uploadId: string;
  confirmed: string[];
  pending?: PendingFile[];
}

/** Where the upload is kept between visits (localStorage on the page). */
export interface ResumeStore {
  load(): StoredUpload | null;
  save(state: StoredUpload): void;
  clear(): void;
}

export interface QueueOptions {
  /** Files sent to storage at once. */
  parallel?: number;
  /** Files per call for links and confirmations (the server takes at most 100). */
  batchSize?: number;
  /** Bytes of files linked ahead in one call, so links are not kept until they expire. */
  linkAheadBytes?: number;
  /** How long a sent file waits for others to be confirmed with it. */
  confirmDelayMs?: number;
  /** Most often the page is told of a change. */
  notifyMs?: number;
  /** A link older than this is asked for again before its file is sent (links last 15 minutes). */
  linkMaxAgeMs?: number;
  now?: () => number;
}

export const uploadLinkFailed = 'An error occurred while getting the upload link. Please try again.';
export const uploadFailed = 'The upload failed. Please try again.';
export const confirmFailed = 'The photo could not be checked. Please try again.';
export const notAPhoto = 'Upload JPEG, PNG, WebP, TIFF or HEIC photos.';

/** The type a file is sent as: its own, or read from its extension when the browser gave none. */
export function photoType(file: Pick<File, 'type' | 'name'>): UploadImageType | null {
  if (file.type in uploadImageTypes) return file.type as UploadImageType;
  if (file.type !== '') return null;
  const named = imageTypeOfName(file.name);
  return named && named in uploadImageTypes ? (named as UploadImageType) : null;
}

/** Why a photo of an accepted type cannot be sent at all, or null. The server checks again. */
export function sizeProblem(size: number): string | null {
  if (size === 0) return 'The file is empty.';
  if (size > maxFileBytes) return `A photo can be at most ${maxFileBytes / 1024 / 1024} MB.`;
  return null;
}

/** How a file is recognised on a later visit: its place and its size. */
export function fileIdentity(path: string, size: number): string {
  return `${path}\u0000${size}`;
}

interface Entry {
  view: PhotoItem;
  file: File;
  identity: string;
  type: UploadImageType;
  link: BatchUploadLink | null;
  linkedAt: number;
  /** Stored in the bucket: a retry confirms it again without sending it again. */
  posted: boolean;
  abort: AbortController | null;
  removed: boolean;
}

let nextId = 0;

function emptyCounts(): Record<PhotoStatus, number> {
  return { queued: 0, uploading: 0, confirming: 0, done: 0, refused: 0, failed: 0 };
}

/** The index of the file a validation issue names (`body.files.3.fileName`), or null. */
function issueIndex(issue: ValidationIssue): number | null {
  const match = /^body\.files\.(\d+)\b/.exec(issue.path);
  return match ? Number(match[1]) : null;
}

export class PhotoUploadQueue {
  private readonly entries: Entry[] = [];
  private readonly byIdentity = new Map<string, Entry>();
  /** Files without a link, in the order chosen. */
  private waiting: Entry[] = [];
  /** Files with a link, not yet sent. */
  private ready: Entry[] = [];
  /** Files stored, waiting for a confirmation call. */
  private posted: Entry[] = [];
  private uploading = 0;
  private confirming = 0;
  private linking = false;
  private confirmTimer: ReturnType<typeof setTimeout> | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: UploaderSnapshot | null = null;
  private uploadId: string | null;
  private readonly confirmed: Set<string>;
  private resumedCount: number;
  /** Keys linked and not yet answered by a confirmation, by key. */
  private readonly pending = new Map<string, PendingFile>();
  private recovery: 'none' | 'running' | 'done' = 'done';
  private closed: string | null = null;
  private lastAdd: AddNote | null = null;
  private readonly parallel: number;
  private readonly batchSize: number;
  private readonly linkAheadBytes: number;
  private readonly confirmDelayMs: number;
  private readonly notifyMs: number;
  private readonly linkMaxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly api: UploadApi,
    private readonly store: ResumeStore | null = null,
    options: QueueOptions = {},
  ) {
    this.parallel = options.parallel ?? 4;
    this.batchSize = Math.min(options.batchSize ?? maxFilesPerBatch, maxFilesPerBatch);
    this.linkAheadBytes = options.linkAheadBytes ?? 256 * 1024 * 1024;
    this.confirmDelayMs = options.confirmDelayMs ?? 1000;
    this.notifyMs = options.notifyMs ?? 100;
    this.linkMaxAgeMs = options.linkMaxAgeMs ?? 10 * 60 * 1000;
    this.now = options.now ?? Date.now;
    const stored = store?.load() ?? null;
    this.uploadId = stored?.uploadId ?? null;
    this.confirmed = new Set(stored?.confirmed ?? []);
    this.resumedCount = this.confirmed.size;
    for (const file of stored?.pending ?? []) this.pending.set(file.key, file);
    if (this.uploadId && this.pending.size > 0) this.recovery = 'none';
  }

  // ---- What the page reads ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.recover();
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploaderSnapshot => {
    if (this.snapshot) return this.snapshot;
    const counts = emptyCounts();
    let totalBytes = 0;
    let sentBytes = 0;
    const items = this.entries.map((entry) => {
      const item = entry.view;
      counts[item.status] += 1;
      if (item.status !== 'refused') {
        totalBytes += item.size;
        sentBytes += item.sentBytes;
      }
      return item;
    });
    this.snapshot = {
      uploadId: this.uploadId,
      items,
      counts,
      totalBytes,
      sentBytes,
      confirmedCount: this.confirmed.size,
      resumedCount: this.resumedCount,
      busy: counts.queued + counts.uploading + counts.confirming > 0 || this.recovery !== 'done',
      recovering: this.recovery !== 'done',
      closed: this.closed,
      lastAdd: this.lastAdd,
    };
    return this.snapshot;
  };

  // ---- What the person does ----

  /** Lists the chosen files and starts sending those not sent before. */
  add(chosen: readonly ChosenFile[]): AddNote {
    const note: AddNote = { added: 0, alreadyUploaded: 0, duplicates: 0, skippedNames: [], skipped: 0 };
    for (const { file, path: given } of chosen) {
      const path = given || file.name;
      const type = photoType(file);
      if (!type) {
        note.skipped += 1;
        if (note.skippedNames.length < skippedNamesShown) note.skippedNames.push(path);
        continue;
      }
      const identity = fileIdentity(path, file.size);
      if (this.byIdentity.has(identity)) {
        note.duplicates += 1;
        continue;
      }
      const resumed = this.confirmed.has(identity);
      const problem = resumed ? null : sizeProblem(file.size);
      const entry: Entry = {
        view: {
          id: `photo-${++nextId}`,
          fileName: file.name.slice(0, 255) || 'photo',
          path,
          size: file.size,
          status: resumed ? 'done' : problem ? 'refused' : 'queued',
          sentBytes: resumed ? file.size : 0,
          error: problem,
          retryable: false,
          resumed,
        },
        file,
        identity,
        type,
        link: null,
        linkedAt: 0,
        posted: false,
        abort: null,
        removed: false,
      };
      this.entries.push(entry);
      this.byIdentity.set(identity, entry);
      if (resumed) note.alreadyUploaded += 1;
      else note.added += 1;
      if (entry.view.status === 'queued') this.waiting.push(entry);
    }
    this.lastAdd = note;
    this.changed();
    this.recover();
    this.pump();
    return note;
  }

  /** Sends (or checks) a failed file again. */
  retry(id: string): void {
    const entry = this.entries.find((candidate) => candidate.view.id === id);
    if (entry) this.requeue(entry);
    this.pump();
  }

  retryAllFailed(): void {
    for (const entry of this.entries) this.requeue(entry);
    this.pump();
  }

  /** Takes a file that is not being sent or kept off the list. */
  remove(id: string): void {
    const entry = this.entries.find((candidate) => candidate.view.id === id);
    if (!entry || !['queued', 'failed', 'refused'].includes(entry.view.status) || entry.posted) return;
    // A link asked for but not used is simply left to expire.
    entry.removed = true;
    this.ready = this.ready.filter((candidate) => candidate !== entry);
    this.waiting = this.waiting.filter((candidate) => candidate !== entry);
    this.entries.splice(this.entries.indexOf(entry), 1);
    this.byIdentity.delete(entry.identity);
    this.changed();
  }

  /** The job was made of the upload: nothing of it is resumed again. */
  forget(): void {
    this.store?.clear();
  }

  /** Starts a new upload: the list is emptied and the stored one forgotten (after a closed upload). */
  reset(): void {
    this.stop();
    for (const entry of this.entries) entry.removed = true;
    this.entries.length = 0;
    this.byIdentity.clear();
    this.waiting = [];
    this.ready = [];
    this.posted = [];
    this.uploadId = null;
    this.confirmed.clear();
    this.pending.clear();
    this.recovery = 'done';
    this.closed = null;
    this.lastAdd = null;
    this.store?.clear();
    this.changed();
  }

  /** Leaving the page: files being sent are stopped (and would be sent again on a later visit). */
  stop(): void {
    for (const entry of this.entries) entry.abort?.abort();
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
  }

  // ---- The work ----

  private requeue(entry: Entry): void {
    if (entry.view.status !== 'failed' || !entry.view.retryable) return;
    if (entry.posted) {
      this.setView(entry, { status: 'confirming', error: null });
      this.posted.push(entry);
    } else {
      this.setView(entry, { status: 'queued', error: null, sentBytes: 0 });
      entry.link = null;
      this.waiting.push(entry);
    }
  }

  /**
   * Files of the last visit that were linked but not confirmed may have reached the bucket before
   * the page went away (a reload cancels the browser's request, not always the bucket's write).
   * They are confirmed now, by key, without their bytes: those in the bucket join the upload (and
   * are not sent again), the others are answered missing and forgotten. Until then nothing is sent.
   */
  private recover(): void {
    if (this.recovery !== 'none') return;
    this.recovery = 'running';
    void this.confirmPending().finally(() => {
      this.recovery = 'done';
      this.resumedCount = this.confirmed.size;
      // Chosen again while this ran: files now known to be confirmed are not sent.
      let found = 0;
      for (const entry of this.entries) {
        if (entry.view.status === 'queued' && this.confirmed.has(entry.identity)) {
          this.setView(entry, { status: 'done', resumed: true, sentBytes: entry.view.size });
          found += 1;
        }
      }
      if (this.lastAdd && found > 0) {
        this.lastAdd = {
          ...this.lastAdd,
          added: this.lastAdd.added - found,
          alreadyUploaded: this.lastAdd.alreadyUploaded + found,
        };
      }
      this.waiting = this.waiting.filter((entry) => entry.view.status === 'queued');
      this.ready = this.ready.filter((entry) => entry.view.status === 'queued');
      this.save();
      this.changed();
      this.pump();
    });
  }

  private async confirmPending(): Promise<void> {
    const files = [...this.pending.values()];
    for (let start = 0; start < files.length; start += this.batchSize) {
      const batch = files.slice(start, start + this.batchSize);
      let answer: ConfirmPhotoBatchResponse;
      try {
        answer = await this.api.confirm(
          this.uploadId!,
          batch.map(({ key, fileName }) => ({ key, fileName })),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) this.closed = error.message;
        // Not answered: asked again on the next visit; the files chosen again are sent anew.
        return;
      }
      const refused = new Set(answer.refused.map((file) => file.key));
      for (const file of batch) {
        if (!refused.has(file.key)) this.confirmed.add(file.identity);
        this.pending.delete(file.key);
      }
    }
  }

  private pump(): void {
    if (this.closed || this.recovery !== 'done') return;
    this.requestLinks();
    while (this.uploading < this.parallel) {
      const entry = this.ready.shift();
      if (!entry) break;
      if (entry.removed) continue;
      if (this.now() - entry.linkedAt > this.linkMaxAgeMs) {
        entry.link = null;
        this.waiting.unshift(entry);
        this.requestLinks();
        continue;
      }
      void this.upload(entry);
    }
    this.scheduleConfirm();
  }

  private requestLinks(): void {
    if (this.linking || this.waiting.length === 0 || this.ready.length >= this.parallel * 2) return;
    const batch: Entry[] = [];
    let bytes = 0;
    while (batch.length < this.batchSize && this.waiting.length > 0) {
      const entry = this.waiting[0]!;
      if (batch.length >= this.parallel && bytes + entry.view.size > this.linkAheadBytes) break;
      batch.push(entry);
      bytes += entry.view.size;
      this.waiting.shift();
    }
    this.linking = true;
    void this.link(batch).finally(() => {
      this.linking = false;
      this.pump();
    });
  }

  private async link(batch: Entry[]): Promise<void> {
    let answer: CreateUploadLinksResponse;
    try {
      answer = await this.api.createLinks({
        ...(this.uploadId ? { uploadId: this.uploadId } : {}),
        files: batch.map((entry) => ({
          fileName: entry.view.fileName,
          contentType: entry.type,
          size: entry.view.size,
        })),
      });
    } catch (error) {
      this.linkFailed(batch, error);
      return;
    }
    if (!this.uploadId) {
      this.uploadId = answer.uploadId;
      this.save();
    }
    batch.forEach((entry, index) => {
      const link = answer.links[index];
      if (entry.removed) return;
      if (!link) {
        this.setView(entry, { status: 'failed', error: uploadLinkFailed, retryable: true });
        return;
      }
      entry.link = link;
      entry.linkedAt = this.now();
      this.pending.set(link.key, { key: link.key, fileName: entry.view.fileName, identity: entry.identity });
      this.ready.push(entry);
    });
    this.save();
    this.changed();
  }

  private linkFailed(batch: Entry[], error: unknown): void {
    const live = batch.filter((entry) => !entry.removed);
    if (error instanceof ApiError && error.status === 409) {
      // A job was made of this upload (in another tab, say): it takes no more photos.
      this.closed = error.message;
      for (const entry of live) this.setView(entry, { status: 'failed', error: error.message, retryable: false });
      this.changed();
      return;
    }
    if (error instanceof ApiError && error.status === 400) {
      // The server names the files it refuses; the others are asked for again.
      const refused = new Map<number, string>();
      for (const issue of error.issues) {
        const index = issueIndex(issue);
        if (index !== null && !refused.has(index)) refused.set(index, issue.message);
      }
      if (refused.size > 0) {
        live.forEach((entry) => {
          const reason = refused.get(batch.indexOf(entry));
          if (reason) this.setView(entry, { status: 'refused', error: reason, retryable: false });
        });
        this.waiting.unshift(...live.filter((entry) => !refused.has(batch.indexOf(entry))));
        this.changed();
        return;
      }
      for (const entry of live) this.setView(entry, { status: 'failed', error: error.message, retryable: false });
      this.changed();
      return;
    }
    for (const entry of live) this.setView(entry, { status: 'failed', error: uploadLinkFailed, retryable: true });
    this.changed();
  }

  private async upload(entry: Entry): Promise<void> {
    const link = entry.link!;
    const abort = new AbortController();
    entry.abort = abort;
    this.uploading += 1;
    this.setView(entry, { status: 'uploading', sentBytes: 0, error: null });
    try {
      await this.api.send(
        link,
        entry.file,
        (bytes) => {
          if (entry.view.status === 'uploading') {
            this.setView(entry, { sentBytes: Math.min(entry.view.size, Math.max(entry.view.sentBytes, bytes)) });
          }
        },
        abort.signal,
      );
      entry.posted = true;
      this.setView(entry, { status: 'confirming', sentBytes: entry.view.size });
      this.posted.push(entry);
    } catch {
      entry.link = null;
      if (abort.signal.aborted) {
        // Stopped by leaving the page: listed as waiting, never sent twice at once.
        this.setView(entry, { status: 'queued', sentBytes: 0 });
        if (!entry.removed) this.waiting.unshift(entry);
      } else {
        this.setView(entry, { status: 'failed', error: uploadFailed, retryable: true, sentBytes: 0 });
      }
    } finally {
      entry.abort = null;
      this.uploading -= 1;
      this.changed();
    }
    if (!abort.signal.aborted) this.pump();
  }

  private scheduleConfirm(): void {
    if (this.posted.length === 0 || this.confirming >= 2 || !this.uploadId) return;
    const idle = !this.linking && this.uploading === 0 && this.ready.length === 0 && this.waiting.length === 0;
    if (this.posted.length >= this.batchSize || idle) {
      void this.confirm();
      return;
    }
    // A few more files will be sent soon: wait a moment to confirm them together.
    this.confirmTimer ??= setTimeout(() => {
      this.confirmTimer = null;
      if (this.posted.length > 0 && this.confirming < 2) void this.confirm();
    }, this.confirmDelayMs);
  }

  private async confirm(): Promise<void> {
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
    const batch = this.posted.splice(0, this.batchSize);
    const uploadId = this.uploadId!;
    this.confirming += 1;
    try {
      const answer = await this.api.confirm(
        uploadId,
        batch.map((entry) => ({ key: entry.link!.key, fileName: entry.view.fileName })),
      );
      const refused = new Map(answer.refused.map((file) => [file.key, file.reason]));
      for (const entry of batch) {
        this.pending.delete(entry.link!.key);
        const reason = refused.get(entry.link!.key);
        if (reason !== undefined) {
          entry.posted = false;
          this.setView(entry, { status: 'refused', error: reason, retryable: false });
        } else {
          this.setView(entry, { status: 'done', error: null });
          this.confirmed.add(entry.identity);
        }
      }
      this.save();
    } catch (error) {
      const closed = error instanceof ApiError && error.status === 409;
      if (closed) this.closed = error.message;
      const refusedAll = error instanceof ApiError && (error.status === 400 || error.status === 404);
      for (const entry of batch) {
        this.setView(entry, {
          status: 'failed',
          error: closed || refusedAll ? (error as ApiError).message : confirmFailed,
          retryable: !(closed || refusedAll),
        });
      }
    } finally {
      this.confirming -= 1;
      this.changed();
    }
    this.pump();
  }

  private save(): void {
    if (!this.uploadId) return;
    this.store?.save({ uploadId: this.uploadId, confirmed: [...this.confirmed], pending: [...this.pending.values()] });
  }

  private setView(entry: Entry, change: Partial<PhotoItem>): void {
    entry.view = { ...entry.view, ...change };
    this.changed();
  }

  private changed(): void {
    this.snapshot = null;
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      for (const listener of this.listeners) listener();
    }, this.notifyMs);
  }
}
