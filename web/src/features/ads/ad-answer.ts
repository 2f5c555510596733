import type { AdResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { isErrorEnvelope } from '@campus/shared/errors';
import type { ApiAnswer } from '../../lib/api-client.ts';

/** The server's refusals a control shows as they are (spec 3 §5); any other failure shows the spec's failure text. */
const REFUSALS = new Set<string>([
  AD_MESSAGES.onlyActivePause,
  AD_MESSAGES.onlyPausedResume,
  AD_MESSAGES.alreadyStopped,
]);

export type AdOutcome =
  | { kind: 'done'; body: AdResponse | null }
  | { kind: 'missing' }
  | { kind: 'refused'; messages: string[] };

/** What a control's, a rename's or a delete's answer means for the screen. */
export function adOutcome(answer: ApiAnswer): AdOutcome {
  if (answer.status >= 200 && answer.status < 300) return { kind: 'done', body: (answer.body as AdResponse) ?? null };
  if (answer.status === 404) return { kind: 'missing' };
  return { kind: 'refused', messages: isErrorEnvelope(answer.body) ? answer.body.errors.map((e) => e.msg) : [] };
}

/** A control's failure text: the server's refusal when it is one of the spec's, else the spec §8 text. */
export function controlFailure(messages: string[], fallback: string): string {
  return messages.find((msg) => REFUSALS.has(msg)) ?? fallback;
}
