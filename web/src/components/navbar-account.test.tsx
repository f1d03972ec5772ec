import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionMarkScript, signedInMark } from '@studio/shared/session-mark';
import { getSession } from '../lib/session.ts';
import { NavbarAccount } from './navbar-account.tsx';

const user = { id: 'u-1', name: 'Chris Client', username: 'chris', email: 'chris@example.com', initials: 'CC' };
const corner = () => (
  <MemoryRouter>
    <NavbarAccount />
  </MemoryRouter>
);
const marked = () => document.documentElement.hasAttribute(signedInMark);
/** What the page's inline script does before the first paint: the very text the CSP allows. */
const runMarkScript = () => new Function(sessionMarkScript)() as void;

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute(signedInMark);
  document.body.innerHTML = '';
});

describe('the signed-in mark of a published page', () => {
  it('marks the document when a token and a user are stored, not when either is missing', () => {
    runMarkScript();
    expect(marked()).toBe(false);
    window.localStorage.setItem('token', 'tok-1');
    runMarkScript();
    expect(marked()).toBe(false);
    window.localStorage.setItem('user', JSON.stringify(user));
    runMarkScript();
    expect(marked()).toBe(true);
  });

  it('does nothing, and throws nothing, when storage cannot be read', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    try {
      expect(runMarkScript).not.toThrow();
      expect(marked()).toBe(false);
    } finally {
      read.mockRestore();
    }
  });
});

describe('NavbarAccount on a published page', () => {
  /** The page as published (signed out), then the visitor's browser: mark, hydrate. */
  async function hydratePublished() {
    const container = document.createElement('div');
    container.innerHTML = renderToString(corner());
    document.body.append(container);
    expect(container.querySelector('.navbar-account--guest')?.textContent).toBe('Log inSign Up');
    runMarkScript();
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, corner(), { onRecoverableError: recoverable });
    });
    return { container, recoverable };
  }

  it("a client's: hydrates without a mismatch and shows the client's corner, the mark kept", async () => {
    window.localStorage.setItem('token', 'tok-1');
    window.localStorage.setItem('user', JSON.stringify(user));
    const { container, recoverable } = await hydratePublished();
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('.navbar-account--guest')).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(marked()).toBe(true);
  });

  it('a token with an unreadable user is no session: the mark goes and the guest links show', async () => {
    window.localStorage.setItem('token', 'tok-1');
    window.localStorage.setItem('user', '{"id":');
    const { container } = await hydratePublished();
    expect(getSession()).toBeNull();
    expect(container.querySelector('.navbar-account--guest')).not.toBeNull();
    expect(marked()).toBe(false);
  });

  it('signing out takes the mark away', async () => {
    window.localStorage.setItem('token', 'tok-1');
    window.localStorage.setItem('user', JSON.stringify(user));
    runMarkScript();
    render(corner());
    await act(async () => screen.getByRole('button', { name: 'Log out' }).click());
    await act(async () => screen.getByRole('button', { name: 'Yes, log out' }).click());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(marked()).toBe(false);
  });
});
