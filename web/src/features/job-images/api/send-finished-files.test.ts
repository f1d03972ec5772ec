import { describe, expect, it } from 'vitest';
import { finishedFileProblem, finishedFileType } from './send-finished-files.ts';

describe('finished files', () => {
  it('takes the type the browser knows, and a PSD or TIFF by its extension when it does not', () => {
    expect(finishedFileType({ name: 'front.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(finishedFileType({ name: 'Front Layers.PSD', type: '' })).toBe('image/vnd.adobe.photoshop');
    expect(finishedFileType({ name: 'shot.tif', type: 'application/octet-stream' })).toBe('image/tiff');
    expect(finishedFileType({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });

  it('names a file that cannot be delivered before anything is sent', () => {
    expect(finishedFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'notes.txt: deliver JPEG, PNG, WebP, TIFF, HEIC or PSD files.',
    );
    expect(finishedFileProblem({ name: 'empty.jpg', type: 'image/jpeg', size: 0 })).toBe(
      'empty.jpg: the file is empty.',
    );
    expect(finishedFileProblem({ name: 'huge.psd', type: '', size: 501 * 1024 * 1024 })).toBe(
      'huge.psd: a file can be at most 500 MB.',
    );
    expect(finishedFileProblem({ name: 'front.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
  });
});
