/**
 * A published page is rendered for a visitor who is not signed in: its account corner reads
 * "Log in / Sign Up" until the app has started and read the session, which on a published page is
 * after the page has loaded (web/src/main.tsx). A signed-in client would see those links for that
 * moment, on a slow phone for seconds. This script, inline at the top of a published page's head
 * (allowed by its SHA-256 in the CSP, `siteInlineScripts`), marks the document before its first
 * paint when the browser holds a client session; the stylesheet hides the guest links of a marked
 * document (web/src/components/navbar-account.css), and the app takes the mark away once it knows
 * that there is no session after all. Plain text, no imports: it runs before anything else.
 */

/** Where the client's session lives in localStorage: the token (spec) and the signed-in user. */
export const clientTokenStorageKey = 'token';
export const clientUserStorageKey = 'user';

/** The attribute on `<html>` of a page opened by a signed-in client. */
export const signedInMark = 'data-signed-in';

const text = JSON.stringify;

/** The inline script. Storage can throw (disabled, private modes): then there is no mark. */
export const sessionMarkScript =
  `try{var s=window.localStorage;` +
  `if(s.getItem(${text(clientTokenStorageKey)})&&s.getItem(${text(clientUserStorageKey)}))` +
  `document.documentElement.setAttribute(${text(signedInMark)},"")}catch(e){}`;
