/**
 * A small Stripe stand-in for the local stack (no internet here): the part of Stripe's API the
 * payments function calls, a hosted-checkout page, and webhooks signed the way Stripe signs them,
 * so the server's own verification (`stripe.webhooks.constructEvent`) is what checks them.
 *
 * What it does (docs/decisions/payments.md, "Local Stripe emulator"):
 *   POST /v1/checkout/sessions              create a Checkout Session (payment mode, price_data lines)
 *   GET  /v1/checkout/sessions/{id}         retrieve it
 *   POST /v1/checkout/sessions/{id}/expire  expire an open session (sends checkout.session.expired)
 *   POST /v1/refunds                        refund a paid session's payment intent (sends charge.refunded)
 *   GET  /checkout/{id}                     the page the session's `url` names: buttons "Pay" and "Decline"
 *   POST /checkout/{id}/pay                 pays: sends checkout.session.completed, then back to success_url
 *                                           (`?webhook=hold`: the event is made and listed but not sent,
 *                                           as when Stripe's delivery is late; a test sends it itself)
 *   POST /checkout/{id}/decline             gives up: sends checkout.session.expired, then back to cancel_url
 *   GET  /_emulator/events                  every event sent, with its exact body and signature (tests)
 * A /v1 request with the header `Stripe-Emulator-Webhook: hold` has the event it causes held the
 * same way (a refund made in the Dashboard whose event is late, in a test).
 * Requests to /v1 need `Authorization: Bearer <secret key>`; an `Idempotency-Key` replays the
 * first answer (and refuses other parameters under the same key), as Stripe does.
 *
 * What it does not do: cards, declines with reasons, 3-D Secure, async payment methods, customers,
 * prices or products stored as objects, tax, discounts, currencies' minimum amounts, expiry after
 * 24 hours by itself, webhook retries and their back-off, events other than the four above, API
 * versions, list endpoints and pagination.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

export interface StripeEmulatorOptions {
  /** The secret key the API accepts (`sk_test_...`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_...`). */
  webhookSecret: string;
  port?: number;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  /** The exact body sent. */
  payload: string;
  /** The `Stripe-Signature` header sent with it. */
  signature: string;
  /** The webhook's answer (0: it could not be reached, or the event was held). */
  status: number;
  /** Made but not sent (`/pay?webhook=hold`): the test delivers it when it chooses. */
  held?: boolean;
}

export interface StripeEmulator {
  url: string;
  port: number;
  /** Where events go: the local gateway's webhook route, known once the gateway listens. */
  setWebhookUrl(url: string): void;
  events(): DeliveredEvent[];
  stop(): Promise<void>;
}

type Params = Record<string, unknown>;

interface LineItem {
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

interface Session {
  id: string;
  created: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  currency: string;
  amountTotal: number;
  lines: LineItem[];
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  paymentIntentId: string | null;
}

interface Charge {
  id: string;
  paymentIntentId: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
}

const apiVersion = '2026-10-28.endive';
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` form bodies (how Stripe's SDKs send parameters) as nested objects and arrays. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** What Stripe puts in the `Stripe-Signature` header: `t=<unix time>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = unix()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) =>
  new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, param, 'parameter_missing');

function text(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw missing(name);
  return value;
}

function wholeNumber(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `Invalid integer: ${String(value)}`,
      param,
      'parameter_invalid_integer',
    );
  }
  return Number(value);
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const sessions = new Map<string, Session>();
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const delivered: DeliveredEvent[] = [];
  let webhookUrl: string | null = null;
  let baseUrl = '';

  const sessionObject = (session: Session) => ({
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amountTotal,
    amount_total: session.amountTotal,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    expires_at: session.created + 24 * 60 * 60,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntentId,
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    url: session.status === 'open' ? `${baseUrl}/checkout/${session.id}` : null,
  });

  const chargeObject = (charge: Charge) => ({
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.amountRefunded,
    captured: true,
    created: charge.created,
    currency: charge.currency,
    livemode: false,
    metadata: charge.metadata,
    paid: true,
    payment_intent: charge.paymentIntentId,
    refunded: charge.amountRefunded >= charge.amount,
    status: 'succeeded',
  });

  /** Sends one event to the webhook, signed with the endpoint's secret, and notes the answer. */
  async function deliver(type: string, object: unknown, how: { hold?: boolean } = {}): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: apiVersion,
      created: unix(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Stripe sends its events pretty-printed; the signature covers exactly these bytes.
    const payload = JSON.stringify(event, null, 2);
    const signature = signatureHeader(payload, options.webhookSecret);
    const record: DeliveredEvent = { id: event.id, type, payload, signature, status: 0 };
    if (how.hold) record.held = true;
    delivered.push(record);
    if (!webhookUrl || how.hold) return;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      record.status = response.status;
      await response.arrayBuffer();
    } catch {
      record.status = 0;
    }
  }

  function createSession(params: Params): Session {
    if (params.mode !== 'payment') {
      throw new StripeError(400, 'invalid_request_error', 'Only mode=payment is emulated.', 'mode');
    }
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    const lines = items.map((raw, i) => {
      const item = (raw ?? {}) as Params;
      const price = (item.price_data ?? {}) as Params;
      const product = (price.product_data ?? {}) as Params;
      return {
        name: typeof product.name === 'string' ? product.name : `Item ${i + 1}`,
        currency: text(price, 'currency').toLowerCase(),
        unitAmount: wholeNumber(price.unit_amount, `line_items[${i}][price_data][unit_amount]`),
        quantity: wholeNumber(item.quantity, `line_items[${i}][quantity]`),
      };
    });
    const currency = lines[0]!.currency;
    if (lines.some((line) => line.currency !== currency)) {
      throw new StripeError(400, 'invalid_request_error', 'All line items must use the same currency.', 'line_items');
    }
    const session: Session = {
      id: newId('cs_test'),
      created: unix(),
      status: 'open',
      paymentStatus: 'unpaid',
      currency,
      amountTotal: lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
      lines,
      successUrl: text(params, 'success_url'),
      cancelUrl: text(params, 'cancel_url'),
      clientReferenceId: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: stringMap(params.metadata),
      paymentIntentMetadata: stringMap((params.payment_intent_data as Params | undefined)?.metadata),
      paymentIntentId: null,
    };
    sessions.set(session.id, session);
    return session;
  }

  function sessionOf(id: string): Session {
    const session = sessions.get(id);
    if (!session) {
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'session',
        'resource_missing',
      );
    }
    return session;
  }

  async function pay(session: Session, how: { hold?: boolean } = {}): Promise<void> {
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.paymentIntentId = newId('pi');
    const charge: Charge = {
      id: newId('ch'),
      paymentIntentId: session.paymentIntentId,
      amount: session.amountTotal,
      amountRefunded: 0,
      currency: session.currency,
      created: unix(),
      metadata: {},
    };
    charges.set(session.paymentIntentId, charge);
    await deliver('checkout.session.completed', sessionObject(session), how);
  }

  async function expire(session: Session): Promise<void> {
    session.status = 'expired';
    await deliver('checkout.session.expired', sessionObject(session));
  }

  function refund(params: Params, how: { hold?: boolean }): { body: unknown; then: () => Promise<void> } {
    const paymentIntentId = text(params, 'payment_intent');
    const charge = charges.get(paymentIntentId);
    if (!charge) {
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${paymentIntentId}'`,
        'payment_intent',
        'resource_missing',
      );
    }
    const left = charge.amount - charge.amountRefunded;
    const amount = params.amount === undefined ? left : wholeNumber(params.amount, 'amount');
    if (amount <= 0 || amount > left) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    charge.amountRefunded += amount;
    const body = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: unix(),
      currency: charge.currency,
      metadata: stringMap(params.metadata),
      payment_intent: paymentIntentId,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'succeeded',
    };
    return { body, then: () => deliver('charge.refunded', chargeObject(charge), how) };
  }

  function checkoutPage(session: Session): string {
    const rows = session.lines
      .map(
        (line) =>
          `<tr><td>${escapeHtml(line.name)}</td><td>${line.quantity} x ${money(line.unitAmount, session.currency)}</td><td>${money(line.unitAmount * line.quantity, session.currency)}</td></tr>`,
      )
      .join('');
    const actions =
      session.status === 'open'
        ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
           <form method="post" action="/checkout/${session.id}/decline"><button type="submit">Decline</button></form>`
        : `<p role="status">This checkout has ended (${session.status}).</p>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (local Stripe emulator)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f1f24}
table{width:100%;border-collapse:collapse}td{padding:.4rem 0;border-bottom:1px solid #ddd}td:last-child{text-align:right}
form{display:inline}button{font:inherit;padding:.6rem 1.4rem;margin:1rem .5rem 0 0;cursor:pointer}
.note{color:#555;font-size:.85rem}</style></head><body>
<h1>Checkout</h1><p class="note">Local Stripe emulator: no card is charged.</p>
<table>${rows}<tr><td><strong>Total</strong></td><td></td><td><strong>${money(session.amountTotal, session.currency)}</strong></td></tr></table>
${actions}</body></html>`;
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string, method: string) {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const raw = await readBody(req);
    const params = parseForm(method === 'GET' ? '' : raw);
    const key = req.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' && method === 'POST' ? `${path} ${key}` : null;
    if (cacheKey) {
      const earlier = idempotent.get(cacheKey);
      if (earlier) {
        if (earlier.params !== raw) {
          throw new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          );
        }
        res.writeHead(earlier.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(earlier.body);
      }
    }
    let status = 200;
    let body: unknown;
    let then: (() => Promise<void>) | undefined;
    const how = { hold: req.headers['stripe-emulator-webhook'] === 'hold' };
    const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)(\/expire)?$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      body = sessionObject(createSession(params));
    } else if (sessionPath && method === 'GET' && !sessionPath[2]) {
      body = sessionObject(sessionOf(sessionPath[1]!));
    } else if (sessionPath && method === 'POST' && sessionPath[2]) {
      const session = sessionOf(sessionPath[1]!);
      if (session.status !== 'open') {
        throw new StripeError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
        );
      }
      session.status = 'expired';
      body = sessionObject(session);
      then = () => deliver('checkout.session.expired', sessionObject(session), how);
    } else if (method === 'POST' && path === '/v1/refunds') {
      const made = refund(params, how);
      body = made.body;
      then = made.then;
    } else {
      status = 404;
      body = { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } };
    }
    const text = JSON.stringify(body);
    if (cacheKey) idempotent.set(cacheKey, { params: raw, status, body: text });
    send(res, status, text);
    // Like Stripe, the event follows the answer.
    if (then) void then();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      if (url.pathname.startsWith('/v1/')) return await api(req, res, url.pathname, method);
      if (url.pathname === '/_emulator/events' && method === 'GET') return send(res, 200, delivered);
      const page = /^\/checkout\/([A-Za-z0-9_]+)(?:\/(pay|decline))?$/.exec(url.pathname);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (!page || !session) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('No such checkout.');
      }
      if (method === 'GET' && !page[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(checkoutPage(session));
      }
      if (method === 'POST' && page[2] && session.status === 'open') {
        await readBody(req);
        // The event is delivered before the client is sent back, so the site usually shows the
        // result at once; the site still waits for it, as Stripe promises no order.
        if (page[2] === 'pay') await pay(session, { hold: url.searchParams.get('webhook') === 'hold' });
        else await expire(session);
        const back =
          page[2] === 'pay' ? session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancelUrl;
        res.writeHead(303, { location: back });
        return res.end();
      }
      res.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(session));
    } catch (error) {
      if (error instanceof StripeError) {
        return send(res, error.status, {
          error: { type: error.type, message: error.message, param: error.param, code: error.code },
        });
      }
      throw error;
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', msg: 'stripe emulator failure', error: String(error) }));
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: 'The emulator failed.' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    port,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    events: () => [...delivered],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
