import { useEffect, useState } from 'react';
import type { MfaSetupDetails } from '@studio/shared/staff';
import './authenticator-setup.css';

/** The QR code's modules, drawn as SVG rectangles (no markup injected, so nothing for the CSP to allow). */
function QrCode({ text }: { text: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let current = true;
    // The encoder loads with the set-up only (about 10 KB), never with the rest of the console.
    void import('uqr').then(({ encode }) => {
      if (current) setModules(encode(text, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!modules) return <div className="authenticator-setup__qr" aria-hidden="true" />;
  const size = modules.length;
  return (
    <svg
      className="authenticator-setup__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code of the key, for an authenticator app to scan"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      {modules.flatMap((row, y) =>
        row.map((dark, x) => (dark ? <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="#000" /> : null)),
      )}
    </svg>
  );
}

/** The key space-separated in groups of four, as authenticator apps show keys typed by hand. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The first step of two-step sign-in: the key Cognito made for this account, as a QR code for an
 * authenticator app to scan and as text to type, with the `otpauth://` address for apps on the
 * same device.
 */
export function AuthenticatorSetup({ setup }: { setup: MfaSetupDetails }) {
  return (
    <section className="authenticator-setup" aria-labelledby="authenticator-setup-heading">
      <h2 id="authenticator-setup-heading">Set up two-step sign-in</h2>
      <p>
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...), or type
        the key into it. Then enter the 6-digit code the app shows.
      </p>
      <QrCode text={setup.otpauthUri} />
      <p className="authenticator-setup__key">
        Key: <code data-testid="authenticator-key">{groupedKey(setup.secret)}</code>
      </p>
      <p>
        <a href={setup.otpauthUri}>Open in an authenticator app on this device</a>
      </p>
    </section>
  );
}
