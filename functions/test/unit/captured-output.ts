import { vi } from 'vitest';

/**
 * What the handlers write to stdout and stderr while a test runs, one parsed JSON object per line
 * (Powertools writes its log lines and embedded metrics straight to the process's streams, not
 * through `console`), kept off the test's own output.
 */
export function captureOutput() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const keep = (into: string[]) => (chunk: string | Uint8Array) => {
    into.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep(stdout) as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep(stderr) as typeof process.stderr.write);
  const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    stdout: () => parse(stdout),
    stderr: () => parse(stderr),
    all: () => parse([...stdout, ...stderr]),
    text: () => [...stdout, ...stderr].join('\n'),
  };
}
