import { earlyReadsGlobal } from '@studio/shared/first-screen';

type EarlyReads = Record<string, Promise<Response> | undefined>;

/**
 * The response the prerendered page's inline script already asked for (shared/src/first-screen.ts),
 * handed over once: the first call for that URL path takes it, later calls (a refetch) go to the
 * network as usual. Undefined when the script did not start this read.
 */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const reads = (window as unknown as Record<string, EarlyReads | undefined>)[earlyReadsGlobal];
  const read = reads?.[url];
  if (reads && read) delete reads[url];
  return read;
}
