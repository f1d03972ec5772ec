import type { ChosenFile } from './photo-upload-queue.ts';

/*
 * Files of a drop or a folder pick, with their place in the folder. A dropped folder is read
 * through the entries API (`webkitGetAsEntry`), which Chromium, Firefox and Safari all have; a
 * directory reader answers at most 100 entries a call, so it is read until it answers none.
 */

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, into: ChosenFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    into.push({ file, path: entry.fullPath.replace(/^\//, '') || file.name });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, into);
  }
}

/**
 * The entries of a drop, taken at once: the browser empties `dataTransfer` when the drop event
 * ends, so this runs inside the handler and the folders are read afterwards.
 */
export function droppedEntries(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null)
    .filter((entry): entry is FileSystemEntry => entry !== null);
  return { entries, files: Array.from(data.files ?? []) };
}

/** Every file of the dropped entries, folders read through; the plain files when there are no entries. */
export async function filesOfDrop({ entries, files }: { entries: FileSystemEntry[]; files: File[] }) {
  if (entries.length === 0) return files.map((file): ChosenFile => ({ file }));
  const chosen: ChosenFile[] = [];
  for (const entry of entries) await walk(entry, chosen);
  return chosen;
}

/** A picked folder's files, each with its path inside it (`webkitRelativePath`). */
export function filesOfFolder(files: readonly File[]): ChosenFile[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
