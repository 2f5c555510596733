import type { PaymentsResponse } from '@campus/shared/payments-api';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/payments (decision 047): Available Funds and Payment Activity. */
export const fetchPayments = () => apiRequest<PaymentsResponse>('/api/payments');
