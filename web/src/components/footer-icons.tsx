import sprite from './footer-icons.svg?no-inline';

/**
 * The footer's payment and social marks, drawn from one sprite (footer-icons.svg beside this file,
 * same origin as the CSP asks): the page's script carries their names, not their drawings, which
 * were about 1 KB gzip of every public page's first load. The build names the sprite by its
 * content (`/assets/footer-icons-<hash>.svg`, cached for good): a footer drawn again on each page
 * change asks for nothing (served from `public/`, each drawing revalidated it).
 */

/** Accepted payment methods, as marked in the sprite (`pay-<id>`). */
export const paymentBadges = [
  { label: 'Visa', id: 'visa' },
  { label: 'Mastercard', id: 'mastercard' },
  { label: 'American Express', id: 'american-express' },
  { label: 'PayPal', id: 'paypal' },
  { label: 'Stripe', id: 'stripe' },
  { label: 'Bank transfer', id: 'bank-transfer' },
] as const;

export function PaymentIcons() {
  return (
    <ul className="wrap-list site-footer__icons" aria-label="Accepted payment methods">
      {paymentBadges.map((badge) => (
        <li key={badge.id}>
          <svg viewBox="0 0 60 38" width="60" height="38" role="img" aria-label={badge.label}>
            <use href={`${sprite}#pay-${badge.id}`} />
          </svg>
        </li>
      ))}
    </ul>
  );
}

const socialNetworks = ['Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube', 'Pinterest'] as const;

export function SocialIcons() {
  return (
    <ul className="wrap-list site-footer__icons site-footer__social" aria-label="Find us on social media">
      {socialNetworks.map((name) => (
        <li key={name}>
          <svg viewBox="0 0 24 24" width="28" height="28" role="img" aria-label={name}>
            <use href={`${sprite}#social-${name.toLowerCase()}`} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
