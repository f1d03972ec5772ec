import { useRef, useState } from 'react';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { csvFileName, downloadCsv, figureJobsCsv, type FigureJobsQuery } from '../lib/figure-csv.ts';

type State =
  | { step: 'idle' }
  | { step: 'working'; jobs: number }
  | { step: 'done'; jobs: number }
  | { step: 'failed'; message: string };

/**
 * "CSV" for the jobs behind one figure: reads every page of them, then hands the file to the
 * browser. What it is doing, and what it did, is said beside the button (a live region).
 */
export function CsvButton({ figure, label, text = 'CSV' }: { figure: FigureJobsQuery; label: string; text?: string }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);

  async function download() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'working', jobs: 0 });
    try {
      const { csv, jobs } = await figureJobsCsv(figure, {
        signal: controller.signal,
        onProgress: (count) => setState({ step: 'working', jobs: count }),
      });
      downloadCsv(csvFileName(figure), csv);
      setState({ step: 'done', jobs });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: apiErrorText(error, 'The export failed.', { lead: true, issues: 'omit' }) });
    }
  }

  return (
    <span className="csv-button">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={label}
        disabled={state.step === 'working'}
        onClick={() => void download()}
      >
        {text}
      </button>
      <span role="status" className="csv-button__status">
        {state.step === 'working' && `Preparing… ${state.jobs} jobs`}
        {state.step === 'done' && `${state.jobs} ${state.jobs === 1 ? 'job' : 'jobs'} exported`}
      </span>
      {state.step === 'failed' && (
        <span role="alert" className="csv-button__error">
          {state.message}
        </span>
      )}
    </span>
  );
}
