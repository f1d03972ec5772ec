import { useState } from 'react';
import type { Application } from '@studio/shared/job-application';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { downloadDocument, type DocumentKind } from '../api/download-document.ts';

const labels: Record<DocumentKind, string> = { resume: 'Download Resume', coverletter: 'Download Cover Letter' };

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
      // Spec §8: the server's message ('Failed to download {kind}' if it sent none); no answer at all:
      // 'Error downloading {kind}'.
      onError(
        apiErrorText(error, `Failed to download ${kind}`, { offline: `Error downloading ${kind}`, issues: 'omit' }),
      );
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
