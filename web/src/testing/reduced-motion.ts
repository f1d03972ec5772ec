/**
 * jsdom has no `matchMedia`: answers `prefers-reduced-motion: reduce` with `reduce`, every other
 * query with no match, for the components that move only when motion is welcome.
 */
export function mockReducedMotion(reduce: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}
