import { clientTokenStorageKey } from '@studio/shared/session-mark';

/** The signed-in user's token lives in localStorage under this key (spec §4, §9). */
export const tokenStorageKey = clientTokenStorageKey;

// Storage can throw (disabled storage, private modes); an unreadable token is treated as no token.
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(tokenStorageKey, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(tokenStorageKey);
  } catch {
    // Nothing stored that could be read either.
  }
}
