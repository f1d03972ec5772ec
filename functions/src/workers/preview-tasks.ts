/**
 * The preview worker's task (#33): the files whose previews to make, at most 100 (one confirmation
 * or delivery call). An original is an image's photo; a version is one of its finished files.
 */
export type PreviewItem =
  | { kind: 'original'; uploadId: string; imageId: string; key: string; contentType: string }
  | { kind: 'version'; uploadId: string; imageId: string; versionId: string; key: string; contentType: string };

export interface PreviewTask {
  task: 'previews';
  items: PreviewItem[];
}
