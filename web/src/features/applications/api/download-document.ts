import { useMutation } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export type DocumentKind = 'resume' | 'coverletter';

/**
 * `GET /api/applications/{id}/resume` or `/coverletter`: a link valid for a minute, answered with
 * `Content-Disposition: attachment` so opening it downloads the file under its server-given name.
 */
export function getDocumentLink(id: string, kind: DocumentKind) {
  return staffApiRequest(kind === 'resume' ? 'downloadApplicationResume' : 'downloadApplicationCoverLetter', {
    params: { id },
  });
}

/** Fetches a fresh link and starts the download (the page stays where it is). */
export async function downloadDocument({ id, kind }: { id: string; kind: DocumentKind }): Promise<void> {
  const { url, fileName } = await getDocumentLink(id, kind);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A download as a mutation (busy while the link is asked for); it changes nothing cached. */
export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
