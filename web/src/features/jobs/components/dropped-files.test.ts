import { describe, expect, it } from 'vitest';
import { filesOfDrop, filesOfFolder } from './dropped-files.ts';

/** A dropped file as the entries API gives it. */
function fileEntry(fullPath: string): FileSystemFileEntry {
  const name = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (resolve: (file: File) => void) => resolve(new File(['x'], name, { type: 'image/jpeg' })),
  } as unknown as FileSystemFileEntry;
}

/** A dropped folder whose reader answers at most 100 entries a call, as Chromium's does. */
function folderEntry(fullPath: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.slice(fullPath.lastIndexOf('/') + 1),
    fullPath,
    createReader: () => {
      let next = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const batch = children.slice(next, next + 100);
          next += batch.length;
          setTimeout(() => resolve(batch), 0);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

describe('files of a drop', () => {
  it('reads dropped folders through, past 100 entries a call and into subfolders, with each file’s path', async () => {
    const shots = Array.from({ length: 250 }, (_, i) => fileEntry(`/shoot/IMG_${i}.jpg`));
    const nested = folderEntry('/shoot/extra', [fileEntry('/shoot/extra/IMG_0.jpg')]);
    const chosen = await filesOfDrop({
      entries: [folderEntry('/shoot', [...shots, nested]), fileEntry('/loose.jpg')],
      files: [],
    });
    expect(chosen).toHaveLength(252);
    expect(chosen[0]!.path).toBe('shoot/IMG_0.jpg');
    // Same name, another folder: two files, told apart by their paths.
    expect(chosen.filter((file) => file.file.name === 'IMG_0.jpg').map((file) => file.path)).toEqual([
      'shoot/IMG_0.jpg',
      'shoot/extra/IMG_0.jpg',
    ]);
    expect(chosen.at(-1)!.path).toBe('loose.jpg');
  });

  it('takes the plain files of a drop without entries, and a picked folder’s relative paths', async () => {
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(await filesOfDrop({ entries: [], files: [file] })).toEqual([{ file }]);
    const inFolder = new File(['x'], 'b.jpg', { type: 'image/jpeg' });
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'shoot/b.jpg' });
    expect(filesOfFolder([inFolder])).toEqual([{ file: inFolder, path: 'shoot/b.jpg' }]);
  });
});
