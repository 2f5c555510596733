import { fetchLocationCheck } from '../../app/session/api.ts';

let answer: Promise<boolean> | undefined;

/**
 * spec 1 §5 location gate, asked once per page load (the address and the
 * device's time zone do not change under a running tab): true when this
 * visitor may go on. The API client sends the device's time zone. spec 1 §5:
 * "If the lookup fails, login and register proceed anyway": so does a failed
 * or offline check.
 */
export function isLocationAllowed(): Promise<boolean> {
  answer ??= fetchLocationCheck().then(
    (body) => body.isAllowed,
    () => true,
  );
  return answer;
}
