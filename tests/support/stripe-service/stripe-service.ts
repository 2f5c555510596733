import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';

interface StoredSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  /** Setup mode (a card saved, no payment): `no_payment_required`. */
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  payment_intent: string | null;
  /** Setup mode: the SetupIntent that saved the card, once complete. */
  setup_intent: string | null;
  url: string;
  /** What the create call asked for (tests assert on it). */
  line_item: { name: string; description: string | null; unit_amount: number; quantity: number; currency: string };
  /** Stripe's `expires_at` (Unix seconds) as sent, or null. */
  expires_at: number | null;
  setup_future_usage: string | null;
  customer_creation: string | null;
  /** Setup mode: `custom_text[submit][message]`, the words above the button. */
  submit_message: string | null;
}

interface StoredSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'succeeded';
  usage: 'off_session';
  customer: string | null;
  payment_method: string;
}

interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded';
  customer: string | null;
  payment_method: string;
  off_session: boolean;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port: STRIPE_API_BASE_URL for the app. */
  readonly origin: string;
  readonly sessions: ReadonlyMap<string, StoredSession>;
  /** Every payment the stand-in took (checkout and off-session), in order: what Stripe charged. */
  readonly payments: readonly StoredIntent[];
  /** Customers made with `POST /v1/customers` (setup-mode checkouts), by id. */
  readonly customers: ReadonlySet<string>;
  /**
   * The customer paid on the hosted page: the session is paid, as Stripe marks it (throws for an
   * expired one). A setup-mode session saves the card and charges nothing.
   */
  pay(sessionId: string): StoredSession;
  /** Off-session charges of this customer are declined from now on. */
  declineCustomer(customerId: string): void;
  /** The session reached its `expires_at` unpaid: Stripe expires it (and posts `checkout.session.expired`). */
  expire(sessionId: string): StoredSession;
  /** A `checkout.session.completed` event of the session as Stripe posts it: body and headers, signed with `secret` (default the stand-in's). */
  completedEvent(sessionId: string, options?: EventOptions): SignedEvent;
  /** Any `checkout.session.*` event of the session, signed as `completedEvent`. */
  sessionEvent(type: string, sessionId: string, options?: EventOptions): SignedEvent;
  close(): Promise<void>;
}

interface EventOptions {
  eventId?: string;
  secret?: string;
}

interface SignedEvent {
  body: string;
  headers: Record<string, string>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, type: string, code: string, message: string): void {
  send(response, status, { error: { type, code, message } });
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A stand-in for the Stripe API (decision 041) speaking its wire format for
 * exactly the calls the server makes: form-encoded requests with a bearer
 * key, JSON answers, Stripe's error envelope, Idempotency-Key replay,
 * `expand[]=payment_intent` and `setup_intent`, and setup-mode sessions on a
 * customer of `POST /v1/customers`. Webhooks are signed with the SDK's own
 * `generateTestHeaderString`, so the server's `constructEvent` checks them
 * as it would Stripe's.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StoredSession>();
  const intents = new Map<string, StoredIntent>();
  const setupIntents = new Map<string, StoredSetupIntent>();
  const customers = new Set<string>();
  const payments: StoredIntent[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const declined = new Set<string>();
  const signer = new Stripe(STAND_IN_SECRET_KEY);

  function expandSession(session: StoredSession, expand: string[]) {
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    const setup = session.setup_intent ? setupIntents.get(session.setup_intent) : undefined;
    return {
      ...session,
      payment_intent: expand.includes('payment_intent') && intent ? intent : session.payment_intent,
      setup_intent: expand.includes('setup_intent') && setup ? setup : session.setup_intent,
    };
  }

  function createSession(form: URLSearchParams, origin: string): StoredSession {
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const mode = form.get('mode') ?? '';
    const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]') ?? 0);
    const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
    const session: StoredSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      amount_total: unitAmount * quantity,
      currency: (mode === 'setup' ? form.get('currency') : form.get('line_items[0][price_data][currency]')) ?? '',
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      client_reference_id: form.get('client_reference_id'),
      metadata,
      customer: form.get('customer'),
      payment_intent: null,
      setup_intent: null,
      url: `${origin}/c/pay/${id}`,
      line_item: {
        name: form.get('line_items[0][price_data][product_data][name]') ?? '',
        description: form.get('line_items[0][price_data][product_data][description]'),
        unit_amount: unitAmount,
        quantity,
        currency: form.get('line_items[0][price_data][currency]') ?? '',
      },
      expires_at: form.has('expires_at') ? Number(form.get('expires_at')) : null,
      setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
      customer_creation: form.get('customer_creation'),
      submit_message: form.get('custom_text[submit][message]'),
    };
    sessions.set(id, session);
    return session;
  }

  function charge(amount: number, customer: string | null, paymentMethod: string, offSession: boolean): StoredIntent {
    const intent: StoredIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status: 'succeeded',
      customer,
      payment_method: paymentMethod,
      off_session: offSession,
    };
    intents.set(intent.id, intent);
    payments.push(intent);
    return intent;
  }

  async function handle(request: IncomingMessage, response: ServerResponse, origin: string): Promise<void> {
    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return stripeError(response, 401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }
    const url = new URL(request.url ?? '/', origin);
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' && request.method === 'POST' ? `${url.pathname} ${key}` : null;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) return send(response, replay.status, replay.body);
    const answer = (status: number, body: unknown) => {
      if (replayKey) replies.set(replayKey, { status, body });
      send(response, status, body);
    };

    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const id = newId('cus');
      customers.add(id);
      return answer(200, { id, object: 'customer' });
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const mode = form.get('mode');
      if (mode === 'setup' && (!form.get('currency') || !customers.has(form.get('customer') ?? ''))) {
        return stripeError(
          response,
          400,
          'invalid_request_error',
          'parameter_missing',
          'Setup mode needs a currency and a customer',
        );
      }
      return answer(200, createSession(form, origin));
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionMatch?.[1]) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]));
      if (!session) {
        return stripeError(response, 404, 'invalid_request_error', 'resource_missing', 'No such checkout.session');
      }
      const expand = [...url.searchParams].filter(([name]) => name.startsWith('expand')).map(([, value]) => value);
      return send(response, 200, expandSession(session, expand));
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expireMatch?.[1]) {
      const session = sessions.get(decodeURIComponent(expireMatch[1]));
      if (!session) {
        return stripeError(response, 404, 'invalid_request_error', 'resource_missing', 'No such checkout.session');
      }
      if (session.status !== 'open') {
        const message = 'Only Checkout Sessions with a status in ["open"] can be expired.';
        return stripeError(response, 400, 'invalid_request_error', 'checkout_session_not_open', message);
      }
      session.status = 'expired';
      return answer(200, session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const customer = form.get('customer');
      const paymentMethod = form.get('payment_method');
      if (form.get('confirm') !== 'true' || form.get('off_session') !== 'true' || !customer || !paymentMethod) {
        return stripeError(response, 400, 'invalid_request_error', 'parameter_missing', 'Missing off-session fields');
      }
      if (declined.has(customer)) {
        const body = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        return answer(402, body);
      }
      return answer(200, charge(Number(form.get('amount')), customer, paymentMethod, true));
    }
    return stripeError(response, 404, 'invalid_request_error', 'resource_missing', 'Unrecognized request URL');
  }

  function sessionEvent(type: string, sessionId: string, options: EventOptions = {}): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const body = JSON.stringify({
      id: options.eventId ?? newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: session },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
    });
    return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  }

  const server: Server = createServer((request, response) => {
    handle(request, response, origin).catch((error: unknown) =>
      send(response, 500, { error: { message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    sessions,
    payments,
    customers,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === 'complete') return session;
      // Stripe's hosted page of an expired session takes no payment.
      if (session.status === 'expired') throw new Error(`session ${sessionId} has expired`);
      if (session.mode === 'setup') {
        const setup: StoredSetupIntent = {
          id: newId('seti'),
          object: 'setup_intent',
          status: 'succeeded',
          usage: 'off_session',
          customer: session.customer,
          payment_method: newId('pm'),
        };
        setupIntents.set(setup.id, setup);
        session.status = 'complete';
        session.setup_intent = setup.id;
        return session;
      }
      const saves = session.setup_future_usage === 'off_session';
      const customer = saves || session.customer_creation === 'always' ? newId('cus') : null;
      const intent = charge(session.amount_total, customer, newId('pm'), false);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.customer = customer;
      session.payment_intent = intent.id;
      return session;
    },
    declineCustomer: (customerId) => declined.add(customerId),
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === 'open') session.status = 'expired';
      return session;
    },
    completedEvent(sessionId, options = {}) {
      return sessionEvent('checkout.session.completed', sessionId, options);
    },
    sessionEvent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
