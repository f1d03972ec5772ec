import { describe, expect, it } from 'vitest';
import {
  documentHeadType,
  isWordArchive,
  zipCentralDirectory,
  zipEntryNames,
  zipTailBytes,
} from '@studio/shared/document-signature';
import { documentExtensionOf } from '@studio/shared/job-application';
import {
  sampleDoc,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  zipArchive,
} from '../../../scripts/test-setup/documents.ts';

function entriesOf(file: Buffer): string[] {
  const tail = file.subarray(Math.max(0, file.length - zipTailBytes));
  const tailStart = file.length - tail.length;
  const directory = zipCentralDirectory(tail)!;
  return zipEntryNames(tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size));
}

describe('documentHeadType', () => {
  it('recognises PDF, OLE2 (DOC) and zip by their first bytes', () => {
    expect(documentHeadType(samplePdf())).toBe('pdf');
    expect(documentHeadType(sampleDoc())).toBe('ole2');
    expect(documentHeadType(sampleDocx())).toBe('zip');
  });
  it('refuses images, executables, text and empty files whatever their name', () => {
    for (const bytes of [samplePng(), sampleExe(), Buffer.from('hello'), Buffer.alloc(0), Buffer.from('%PD')]) {
      expect(documentHeadType(bytes)).toBeNull();
    }
  });
});

describe('zip entries', () => {
  it('lists the parts of a DOCX from its central directory and sees a Word document', () => {
    const names = entriesOf(sampleDocx());
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(isWordArchive(names)).toBe(true);
  });
  it('does not take any zip for a Word document', () => {
    expect(isWordArchive(entriesOf(zipArchive({ 'readme.txt': 'x', 'word.txt': 'y' })))).toBe(false);
    expect(isWordArchive(entriesOf(zipArchive({ 'word/document.xml': 'x' })))).toBe(false);
  });
  it('finds no directory in a file that is not a zip, or a truncated one', () => {
    expect(zipCentralDirectory(samplePdf())).toBeNull();
    const docx = sampleDocx();
    expect(zipCentralDirectory(docx.subarray(0, docx.length - 5))).toBeNull();
  });
  it('stops at malformed directory entries instead of reading past them', () => {
    expect(zipEntryNames(Buffer.from('PK\x01\x02 broken'))).toEqual([]);
  });
});

describe('documentExtensionOf', () => {
  it('accepts .pdf, .doc and .docx in any case only', () => {
    expect(documentExtensionOf('CV.PDF')).toBe('pdf');
    expect(documentExtensionOf('a.b.Docx')).toBe('docx');
    expect(documentExtensionOf('letter.doc')).toBe('doc');
    for (const name of ['cv.pdf.exe', 'photo.png', 'cv', 'cv.docm', 'pdf'])
      expect(documentExtensionOf(name)).toBeNull();
  });
});
