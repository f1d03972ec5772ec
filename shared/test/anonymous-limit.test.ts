import { describe, expect, it } from 'vitest';
import { anonymousPostPaths, countsAsAnonymousPost } from '../src/anonymous-limit.ts';
import { routeList } from '../src/routes/index.ts';

describe('the per-address rule of anonymous posts', () => {
  it('counts the forms, sign-up and sign-in, each path matched exactly (no parameters)', () => {
    for (const path of ['/api/users/signup', '/api/users/signin', '/api/admin/signin', '/api/contact/addnew']) {
      expect(anonymousPostPaths).toContain(path);
      expect(countsAsAnonymousPost('POST', path)).toBe(true);
      expect(countsAsAnonymousPost('GET', path)).toBe(false);
    }
    for (const path of anonymousPostPaths) expect(path).not.toMatch(/[{}]/);
  });

  it('never counts a signed-in route or the signed webhook', () => {
    for (const route of routeList) {
      if (route.access === 'public' && route.method === 'POST' && !route.rawBody) continue;
      expect(countsAsAnonymousPost(route.method, `/${route.path}`), route.name).toBe(false);
    }
    expect(countsAsAnonymousPost('POST', '/api/upload-links')).toBe(false);
    expect(countsAsAnonymousPost('POST', '/api/payments/stripe-webhook')).toBe(false);
  });
});
