import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { apiRequest } from './api-client.ts';
import { getToken } from './auth-token.ts';
import { getSession, onSessionExpired, safeNextPath, signInPathFor, useSession, userStorageKey } from './session.ts';

const user = { id: 'u-1', name: 'Chris Client', username: 'chris', email: 'chris@example.com', initials: 'CC' };

describe('safeNextPath', () => {
  it.each(['/dashboard', '/service-quote/01JD0SERV1CE00000000000001', '/payment/abc?x=1#top'])(
    'follows the site path %s',
    (next) => {
      expect(safeNextPath(next)).toBe(next);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
    null,
    '/signin?next=/dashboard',
    '/login',
  ])('refuses %j and goes home instead', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('builds the sign-in link with the page to come back to', () => {
    expect(signInPathFor('/service-quote/abc?x=1')).toBe('/signin?next=%2Fservice-quote%2Fabc%3Fx%3D1');
    expect(signInPathFor('https://evil.example')).toBe('/signin');
  });
});

describe('session store', () => {
  it('signs in and out, with the user kept next to the token', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.user).toBeNull();
    act(() => result.current.signIn('tok-1', user));
    expect(result.current.user?.initials).toBe('CC');
    expect(getToken()).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem(userStorageKey) ?? 'null')).toEqual(user);
    act(() => result.current.signOut());
    expect(result.current.user).toBeNull();
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(userStorageKey)).toBeNull();
  });

  it('treats a token without a readable user as signed out', () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem(userStorageKey, '{"id":');
    expect(getSession()).toBeNull();
  });

  it.each([
    ['a user missing a field', { ...user, initials: undefined }],
    ['a field that is not text', { ...user, id: 7 }],
    ['a list', [user]],
    ['null', null],
  ])('treats a stored user with %s as signed out', (_case, stored) => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem(userStorageKey, JSON.stringify(stored));
    expect(getSession()).toBeNull();
  });

  it('keeps only the known fields of a stored user', () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem(userStorageKey, JSON.stringify({ ...user, role: 'SUPER_ADMIN' }));
    expect(getSession()).toEqual({ token: 'tok', user });
  });

  it('ends the session when a protected route answers 401, and only then', async () => {
    const { result } = renderHook(() => useSession());
    act(() => result.current.signIn('expired', user));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch({
      'GET /api/services': () => jsonResponse({ statusCode: 401, error: 'UNAUTHORIZED', message: 'no' }, 401),
      'GET /api/jobs/client/u-1': () => jsonResponse({ message: 'Unauthorized' }, 401),
    });

    // A public route's 401 says nothing about the token.
    await expect(apiRequest('listServices', {})).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    expect(getToken()).toBe('expired');

    await expect(apiRequest('listClientJobs', { params: { userId: 'u-1' } })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(result.current.user).toBeNull();
    stop();
  });
});
