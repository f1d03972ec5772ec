import { usePaymentTerms } from '../api/get-payment-terms.ts';

/**
 * When payment is due (#40): the studio's one statement, as the terms and the order's e-mail say
 * it. Nothing while it loads or if it cannot be read (the terms around it still stand).
 */
export function PaymentDue({ className = 'form__hint' }: { className?: string }) {
  const terms = usePaymentTerms();
  if (!terms.data) return null;
  return (
    <p className={className} data-testid="payment-due">
      {terms.data.statement}
    </p>
  );
}
