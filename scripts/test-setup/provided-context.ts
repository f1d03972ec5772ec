/**
 * What the API suite's global setup hands to its tests through vitest's `inject()`: the values
 * `provided()` of ./suite-context.ts reads. Types only (nothing of vitest is loaded at run time),
 * so that the helpers the browser suite shares may import it.
 */
import type { SuiteContext } from './suite-context.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface ProvidedContext extends SuiteContext {}
}
