import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { assertNoUnexpectedFetches, stubFetch } from './fetch-stub.ts';

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
