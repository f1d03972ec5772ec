/** Small inline SVG marks (no external images: the CSP allows only this origin). */

function Badge({ label, text, fill }: { label: string; text: string; fill: string }) {
  return (
    <svg viewBox="0 0 60 38" width="60" height="38" role="img" aria-label={label}>
      <rect width="60" height="38" rx="6" fill={fill} />
      <text x="30" y="24" fill="#fff" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" textAnchor="middle">
        {text}
      </text>
    </svg>
  );
}

export const paymentBadges = [
  { label: 'Visa', text: 'VISA', fill: '#1a1f71' },
  { label: 'Mastercard', text: 'MC', fill: '#b45309' },
  { label: 'American Express', text: 'AMEX', fill: '#1e5aa8' },
  { label: 'PayPal', text: 'PayPal', fill: '#003087' },
  { label: 'Stripe', text: 'stripe', fill: '#5b21b6' },
  { label: 'Bank transfer', text: 'BANK', fill: '#166534' },
] as const;

export function PaymentIcons() {
  return (
    <ul className="site-footer__icons" aria-label="Accepted payment methods">
      {paymentBadges.map((badge) => (
        <li key={badge.label}>
          <Badge {...badge} />
        </li>
      ))}
    </ul>
  );
}

const socialPaths: Record<string, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.7c0-.5.3-.7 1-.7z',
  Instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  LinkedIn:
    'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c.6-1.2 2-2.3 4-2.3 4 0 4 2.7 4 6.2V21h-4v-5.5c0-1.5 0-3.2-2-3.2s-2 1.5-2 3.1V21h-4z',
  X: 'M4 3h4.5l4 5.6L17 3h3l-6 7.3L21 21h-4.5l-4.4-6.1L7 21H4l6.6-8z',
  YouTube:
    'M22 8.2c-.2-1.6-1-2.6-2.6-2.8C16.9 5 12 5 12 5s-4.9 0-7.4.4C3 5.6 2.2 6.6 2 8.2 1.8 10 1.8 12 1.8 12s0 2 .2 3.8c.2 1.6 1 2.6 2.6 2.8 2.5.4 7.4.4 7.4.4s4.9 0 7.4-.4c1.6-.2 2.4-1.2 2.6-2.8.2-1.8.2-3.8.2-3.8s0-2-.2-3.8zM10 15V9l5 3z',
  Pinterest:
    'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.3-5.4s-.3-.7-.3-1.6c0-1.5.9-2.6 2-2.6.9 0 1.4.7 1.4 1.6 0 1-.6 2.4-.9 3.7-.3 1.1.6 2 1.7 2 2 0 3.5-2.1 3.5-5.2 0-2.7-2-4.6-4.8-4.6-3.3 0-5.2 2.5-5.2 5 0 1 .4 2.1.9 2.7l.1.4-.3 1.3c-.1.2-.2.3-.4.2-1.5-.7-2.4-2.8-2.4-4.6 0-3.7 2.7-7.2 7.8-7.2 4.1 0 7.3 2.9 7.3 6.9 0 4.1-2.6 7.4-6.2 7.4-1.2 0-2.3-.6-2.7-1.4l-.7 2.8c-.3 1-1 2.3-1.5 3.1A10 10 0 1 0 12 2z',
};

export function SocialIcons() {
  return (
    <ul className="site-footer__icons site-footer__social" aria-label="Find us on social media">
      {Object.entries(socialPaths).map(([name, d]) => (
        <li key={name}>
          <svg viewBox="0 0 24 24" width="28" height="28" role="img" aria-label={name}>
            <path d={d} fill="currentColor" />
          </svg>
        </li>
      ))}
    </ul>
  );
}
