import { useCallback, useSyncExternalStore } from 'react';
import type { SessionUser } from '@studio/shared/auth';
import { clientUserStorageKey } from '@studio/shared/session-mark';
import { clearToken, getToken, setToken } from './auth-token.ts';

/*
 * The signed-in client: the token (spec: localStorage `token`) plus the user the sign-in answered,
 * kept next to it so the navbar shows real initials after a reload. A module-level store read with
 * useSyncExternalStore rather than a context, so any component (the navbar on every page, tests that
 * render one component) sees the same session without a provider.
 */

export const userStorageKey = clientUserStorageKey;

export interface Session {
  token: string;
  user: SessionUser;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; userText: string | null; session: Session | null } | undefined;

function readUserText(): string | null {
  try {
    return window.localStorage.getItem(userStorageKey);
  } catch {
    return null;
  }
}

/**
 * The fields of `sessionUserSchema` (shared/src/auth.ts), all text, checked by hand: every page
 * reads the session at start, and importing the schema would evaluate the auth module's zod
 * schemas in the first load of every public page. The `satisfies` keeps this list in step with
 * the type: a field added to or removed from SessionUser fails the typecheck here.
 */
const sessionUserFields = [
  'id',
  'name',
  'username',
  'email',
  'initials',
] as const satisfies readonly (keyof SessionUser)[];
type CheckedFields = (typeof sessionUserFields)[number];
const everyFieldChecked: Record<Exclude<keyof SessionUser, CheckedFields>, never> = {};
void everyFieldChecked;

function parseUser(text: string | null): SessionUser | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!sessionUserFields.every((field) => typeof record[field] === 'string')) return null;
  // Only the known fields, as the schema's parse would return them.
  return Object.fromEntries(sessionUserFields.map((field) => [field, record[field]])) as SessionUser;
}

/** The current session, or null. A token without a readable user is no session (signed in elsewhere, old build). */
export function getSession(): Session | null {
  const token = getToken();
  const userText = readUserText();
  // Same snapshot object while storage is unchanged, as useSyncExternalStore requires.
  if (cached && cached.token === token && cached.userText === userText) return cached.session;
  const user = parseUser(userText);
  cached = { token, userText, session: token && user ? { token, user } : null };
  return cached.session;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === userStorageKey || event.key === 'token') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function startSession(token: string, user: SessionUser): void {
  expiredSinceSignIn = false;
  loggedOutSinceSignIn = false;
  setToken(token);
  window.localStorage.setItem(userStorageKey, JSON.stringify(user));
  notify();
}

export function endSession(): void {
  clearToken();
  try {
    window.localStorage.removeItem(userStorageKey);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  notify();
}

// Set when the visitor logged out, cleared by the next sign-in: a protected page still on screen
// then sends the visitor home rather than to the sign-in page (session-guard.tsx), so log out can
// end the session at once instead of waiting for the next page to render.
let loggedOutSinceSignIn = false;

export function loggedOutByVisitor(): boolean {
  return loggedOutSinceSignIn;
}

/** The visitor's own log out: ends the session now (token and user removed before this returns). */
export function logOut(): void {
  loggedOutSinceSignIn = true;
  endSession();
}

/** The session as React state: re-renders when the client signs in or out (in any tab). */
export function useSession() {
  const session = useSyncExternalStore(subscribe, getSession, () => null);
  const signIn = useCallback((token: string, user: SessionUser) => startSession(token, user), []);
  const signOut = useCallback(() => logOut(), []);
  return { session, user: session?.user ?? null, signIn, signOut };
}

/**
 * The `next` parameter of the sign-in page, if it is safe to follow: a path on this site. Anything
 * that could leave the site (`https://x`, `//x`, `/\x`, `javascript:`) or loop back to the auth pages
 * falls back to the home page.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a `//`.
  if ([...next].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) || next.includes('\\')) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://site.invalid') return fallback;
  if (['/signin', '/login', '/signup'].includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/signin?next=<path>`: where a signed-out visitor of `path` is sent. */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path, '');
  return next ? `/signin?${new URLSearchParams({ next }).toString()}` : '/signin';
}

/*
 * A rejected token (401 on a protected route) ends the session; the router-aware listener (see
 * SessionExpiryRedirect) then sends the visitor to sign in and back.
 */
const expiryListeners = new Set<() => void>();

export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

// Set when the API rejected the token, cleared by the next sign-in: tells the sign-in page why the
// visitor is there, whichever redirect (the page guard or the expiry listener) gets there first.
let expiredSinceSignIn = false;

export function sessionWasExpired(): boolean {
  return expiredSinceSignIn;
}

export function expireSession(): void {
  expiredSinceSignIn = true;
  endSession();
  for (const listener of expiryListeners) listener();
}

/** The sign-in page's notice after an expired or rejected token (spec §8's quote-page text). */
export const sessionExpiredMessage = 'Authentication failed. Please sign in again.';
