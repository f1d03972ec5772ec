import { useState } from 'react';
import type { Application } from '@studio/shared/job-application';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadDocument, type DocumentKind } from '../api/download-document.ts';

const labels: Record<DocumentKind, string> = { resume: 'Download Resume', coverletter: 'Download Cover Letter' };

/** Spec §8: the server's message, else 'Failed to download {kind}'; no answer at all: 'Error downloading {kind}'. */
export function downloadErrorMessage(error: unknown, kind: DocumentKind): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return `Error downloading ${kind}`;
    return error.message || `Failed to download ${kind}`;
  }
  return `Error downloading ${kind}`;
}

/**
 * Download Resume / Download Cover Letter, each only when the application has that file. Each
 * click asks for a fresh one-minute link; a failure is reported through `onError`.
 */
export function DownloadButtons({
  application,
  onError,
}: {
  application: Pick<Application, 'id' | 'fullName' | 'resumePath' | 'coverLetterPath'>;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const kinds: DocumentKind[] = [
    ...(application.resumePath ? (['resume'] as const) : []),
    ...(application.coverLetterPath ? (['coverletter'] as const) : []),
  ];
  async function download(kind: DocumentKind) {
    setBusy(kind);
    try {
      await downloadDocument(application.id, kind);
    } catch (error) {
      onError(downloadErrorMessage(error, kind));
    } finally {
      setBusy(null);
    }
  }
  return kinds.map((kind) => (
    <button
      key={kind}
      type="button"
      className="button button--secondary"
      disabled={busy !== null}
      aria-label={`${labels[kind]} of ${application.fullName}`}
      onClick={() => void download(kind)}
    >
      {busy === kind ? 'Downloading...' : labels[kind]}
    </button>
  ));
}
