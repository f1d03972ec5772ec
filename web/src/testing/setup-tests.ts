import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { assertNoUnexpectedFetches, stubFetch } from './fetch-stub.ts';

// waitFor and findBy* wait for what they expect, up to this bound: testing-library's own 1 s is a
// guess at the machine's speed, and on two busy cores (the other lanes of `npm test` running) a
// form's submit-and-render took longer (use-schema-form.test.tsx failed once that way). A bound by
// time, like the test timeout, not a measure of speed: a passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

beforeEach(() => {
  // A test that stubs nothing still has every network call rejected and reported.
  stubFetch();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  assertNoUnexpectedFetches();
});

// The web files share one jsdom per worker (`isolate: false` in web/vitest.config.ts), and
// fresh-modules.ts loads the app's modules again for each (their state, such as the session's
// "logged out since sign-in" flag, is per page load in the browser). What a file leaves in the
// document outside testing-library's cleanup is taken away before the next file starts: a
// container a test hydrated by hand, a mark on <html>, a stored value, a frozen clock.
afterAll(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.title = '';
  // localStorage is cleared after every test (above).
  window.sessionStorage.clear();
});
