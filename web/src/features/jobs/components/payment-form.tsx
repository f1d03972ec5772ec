import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { paymentPageCurrencies, type Currency } from '@studio/shared/currency';
import { paymentMethods, type Job } from '@studio/shared/job';
import { checkoutMethods, isCheckoutMethod } from '@studio/shared/payment';
import { FormAlert } from '../../../components/form-field.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { bankTransferQueryOptions } from '../api/get-bank-transfer.ts';
import { useChoosePayment } from '../api/choose-payment.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { jobCallErrorOptions, unexpectedErrorText } from './job-errors.ts';
import { PaymentDue } from './payment-due.tsx';
import './jobs.css';

type Method = (typeof paymentMethods)[number];
type PaymentPageCurrency = (typeof paymentPageCurrencies)[number];

/**
 * The spec's currency list stays on the page, each entry mapped to the currency it pays in
 * (`paymentPageCurrencies`). A job is paid in the currency it is priced in, so only its entry can
 * be chosen; the others are shown, not offered (docs/decisions/client-accounts-and-ordering.md).
 */
function offered(
  entry: PaymentPageCurrency,
  job: Job | undefined,
): entry is PaymentPageCurrency & { currency: Currency } {
  return entry.currency !== null && (!job || entry.currency === job.currency);
}

function initialCurrency(job: Job | undefined): PaymentPageCurrency['label'] {
  return paymentPageCurrencies.find((entry) => job && entry.currency === job.currency)?.label ?? 'USD';
}

/**
 * Spec §2: payment method, currency, terms with an agree checkbox. With a job, submitting records the
 * choice (`PUT api/jobs/{id}/payment`); a card or wallet then goes on to Stripe Checkout
 * (`POST api/jobs/{id}/checkout`, the page leaves for Stripe's), a transfer shows the studio's bank
 * details (the page around the form). Without a job (`/payment`) there is nothing to record, so the
 * form only explains that. The methods paid by transfer are offered only once the studio has entered
 * its bank details (the API refuses them before): until then only card and wallets are.
 */
export function PaymentForm({ job }: { job?: Job }) {
  const bank = useQuery({ ...bankTransferQueryOptions(job?.id ?? ''), enabled: Boolean(job) });
  // Until the answer is in (or if it fails) every method is shown: the server decides anyway.
  const transferOffered = !job || !bank.isSuccess || bank.data.bankDetails.trim() !== '';
  const noTransfer = !transferOffered;
  const offeredMethods: readonly Method[] = transferOffered ? paymentMethods : checkoutMethods;
  const [chosen, setMethod] = useState<Method | ''>(job?.payment?.method ?? '');
  const method = chosen && offeredMethods.includes(chosen) ? chosen : '';
  const [currency, setCurrency] = useState<PaymentPageCurrency['label']>(initialCurrency(job));
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<{ method?: string; terms?: string }>({});
  const choose = useChoosePayment();
  const checkout = useStartCheckout();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems: typeof fields = {};
    if (!method) problems.method = 'Choose a payment method.';
    if (!accepted) problems.terms = 'Accept the terms to continue.';
    setFields(problems);
    if (problems.method || problems.terms || !method) return;
    const entry = paymentPageCurrencies.find((candidate) => candidate.label === currency);
    if (!job || !entry || !offered(entry, job)) {
      setError('Open this page from one of your jobs (Your Jobs, Pay Now) to pay for it.');
      return;
    }
    const failed = (cause: Error) => setError(apiErrorText(cause, unexpectedErrorText, jobCallErrorOptions));
    choose.mutate(
      { id: job.id, body: { method, currency: entry.currency, acceptTerms: true } },
      {
        onError: failed,
        onSuccess: () => {
          if (!isCheckoutMethod(method)) return;
          checkout.mutate(job.id, { onSuccess: ({ url }) => window.location.assign(url), onError: failed });
        },
      },
    );
  }

  const recorded = choose.data?.payment ?? null;
  const leaving = checkout.isPending || checkout.isSuccess;
  const busy = choose.isPending || leaving;

  return (
    <form className="form payment-form" onSubmit={submit} noValidate aria-label="Payment">
      {error && <FormAlert>{error}</FormAlert>}
      {recorded && (
        <p className="form__success" role="status">
          {leaving
            ? `Taking you to the secure payment page for ${recorded.method}...`
            : isCheckoutMethod(recorded.method)
              ? `Your choice of ${recorded.method} in ${recorded.currency} is recorded.`
              : `Thank you. Your choice of ${recorded.method} in ${recorded.currency} is recorded: pay by transfer with the details shown.`}
        </p>
      )}
      <div className="form__row">
        <div className="form__field">
          <label htmlFor="payment-method">Payment method</label>
          <select
            id="payment-method"
            value={method}
            aria-invalid={fields.method ? true : undefined}
            aria-describedby={noTransfer ? 'payment-method-hint' : undefined}
            onChange={(event) => setMethod(event.target.value as Method)}
          >
            <option value="">Select a payment method</option>
            {offeredMethods.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {fields.method && <p className="form__error">{fields.method}</p>}
          {noTransfer && (
            <p id="payment-method-hint" className="form__hint">
              Pay by card, GooglePay or PayPal. Bank transfer is not offered yet: the studio has not entered its bank
              details.
            </p>
          )}
        </div>
        <div className="form__field">
          <label htmlFor="payment-currency">Currency</label>
          <select
            id="payment-currency"
            value={currency}
            aria-describedby={job ? 'payment-currency-hint' : undefined}
            onChange={(event) => setCurrency(event.target.value as PaymentPageCurrency['label'])}
          >
            {paymentPageCurrencies.map((entry) => (
              <option key={entry.label} value={entry.label} disabled={!offered(entry, job)}>
                {entry.label}
              </option>
            ))}
          </select>
          {job && (
            <p id="payment-currency-hint" className="form__hint">
              This job is priced in {job.currency}, so it is paid in {job.currency}.
            </p>
          )}
        </div>
      </div>
      <fieldset>
        <legend>Terms and conditions</legend>
        <div className="payment-form__terms" tabIndex={0} aria-label="Terms and conditions text">
          <PaymentDue className="payment-form__due" />
          <p>
            We keep your photos only to do the work you ordered. If the result does not match your instructions, we redo
            it free of charge; refunds are given for work we cannot deliver.
          </p>
        </div>
        <label className="form__check">
          <input
            type="checkbox"
            checked={accepted}
            aria-invalid={fields.terms ? true : undefined}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          <span>I agree to the terms and conditions</span>
        </label>
        {fields.terms && <p className="form__error">{fields.terms}</p>}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving...' : 'Confirm payment method'}
      </button>
    </form>
  );
}
