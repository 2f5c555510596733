import type { PaymentsResponse } from '@campus/shared/payments-api';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import type { AppEnv } from '../http/env.ts';
import { paymentsOf } from './payment-activity.ts';

/**
 * The Payments page (spec 3 §2, decision 047), mounted at /api/payments
 * beside the Stripe webhook: the viewer's own money on this campus only.
 */
export function paymentsRoutes(context: AppContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const viewer = requireMember(c, 'other');
    c.header('Cache-Control', 'private, no-store');
    const body: PaymentsResponse = await paymentsOf(context.db, c.get('campus').id, viewer.id);
    return c.json(body);
  });
}
