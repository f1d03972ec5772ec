import type { Application } from '@studio/shared/job-application';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useDownloadDocument, type DocumentKind } from '../api/download-document.ts';

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
  const download = useDownloadDocument();
  const kinds: DocumentKind[] = [
    ...(application.resumePath ? (['resume'] as const) : []),
    ...(application.coverLetterPath ? (['coverletter'] as const) : []),
  ];
  return kinds.map((kind) => (
    <button
      key={kind}
      type="button"
      className="button button--secondary"
      disabled={download.isPending}
      aria-label={`${labels[kind]} of ${application.fullName}`}
      onClick={() =>
        download.mutate(
          { id: application.id, kind },
          {
            // Spec §8: the server's message ('Failed to download {kind}' if it sent none); no
            // answer at all: 'Error downloading {kind}'.
            onError: (error) =>
              onError(
                apiErrorText(error, `Failed to download ${kind}`, {
                  offline: `Error downloading ${kind}`,
                  issues: 'omit',
                }),
              ),
          },
        )
      }
    >
      {download.isPending && download.variables.kind === kind ? 'Downloading...' : labels[kind]}
    </button>
  ));
}
