import { useCallback, useSyncExternalStore } from 'react';
import type { StaffRole } from '@studio/shared/platform';
import { staffSessionUserSchema, type StaffSessionUser } from '@studio/shared/staff';

/*
 * The signed-in staff member, apart from the client session (localStorage `token`, spec §9): the
 * staff console keeps its own access token under `staffToken`, with the user and the expiry under
 * `staffSession`, so signing in as staff never signs a client out in the same browser, and the
 * client pages never send a staff token. Read with useSyncExternalStore like the client session.
 */

export const staffTokenStorageKey = 'staffToken';
export const staffSessionStorageKey = 'staffSession';

export interface StaffSession {
  token: string;
  user: StaffSessionUser;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
}

/** Where each role lands after sign-in (spec §4). */
export const staffHomePath: Record<StaffRole, string> = {
  SUPER_ADMIN: '/admin',
  MANAGER: '/manager',
  EDITOR: '/editor',
};

const listeners = new Set<() => void>();
let cached: { token: string | null; text: string | null; session: StaffSession | null } | undefined;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(token: string | null, text: string | null): StaffSession | null {
  if (!token || !text) return null;
  try {
    const value = JSON.parse(text) as { user?: unknown; expiresAt?: unknown };
    const user = staffSessionUserSchema.safeParse(value.user);
    if (!user.success || typeof value.expiresAt !== 'number') return null;
    return { token, user: user.data, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

/** The stored staff session, expired or not (see {@link isStaffSessionValid}). */
export function getStaffSession(): StaffSession | null {
  const token = read(staffTokenStorageKey);
  const text = read(staffSessionStorageKey);
  if (cached && cached.token === token && cached.text === text) return cached.session;
  cached = { token, text, session: parse(token, text) };
  return cached.session;
}

export function isStaffSessionValid(session: StaffSession | null, now = Date.now()): session is StaffSession {
  return session !== null && session.expiresAt > now;
}

/** The staff token for API calls, or null when there is no unexpired staff session. */
export function getStaffToken(): string | null {
  const session = getStaffSession();
  return isStaffSessionValid(session) ? session.token : null;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === staffTokenStorageKey || event.key === staffSessionStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function startStaffSession(token: string, user: StaffSessionUser, expiresAt: string): void {
  expiredSinceSignIn = false;
  window.localStorage.setItem(staffTokenStorageKey, token);
  window.localStorage.setItem(staffSessionStorageKey, JSON.stringify({ user, expiresAt: Date.parse(expiresAt) }));
  notify();
}

export function endStaffSession(): void {
  try {
    window.localStorage.removeItem(staffTokenStorageKey);
    window.localStorage.removeItem(staffSessionStorageKey);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  notify();
}

let expiredSinceSignIn = false;

/** Whether the API rejected the staff token since the last sign-in (the login page says so). */
export function staffSessionWasExpired(): boolean {
  return expiredSinceSignIn;
}

/** Called when the API answers 401 to a staff token: the guard then sends the user to sign in. */
export function expireStaffSession(): void {
  expiredSinceSignIn = true;
  endStaffSession();
}

export const staffSessionExpiredMessage = 'Your session has ended. Please sign in again.';

/** The staff session as React state. */
export function useStaffSession() {
  const session = useSyncExternalStore(subscribe, getStaffSession, () => null);
  const signOut = useCallback(() => endStaffSession(), []);
  return { session, user: session?.user ?? null, signOut };
}
