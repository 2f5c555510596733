import { isErrorEnvelope } from '@campus/shared/errors';

/** What a stack trace or a server path looks like in a body. */
const STACK_SIGNS = [/\n\s+at\s/, /\bat [^\s]+ \(.*:\d+:\d+\)/, /node_modules\//, /\.ts:\d+:\d+/, /sync-server\/src/];

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/**
 * The properties every answer keeps, whatever it was sent: no 5xx, every 4xx
 * in the envelope `{ errors: [{ code, msg }] }`, no stack trace. Answers the
 * faults found (empty when it kept them).
 */
export function faultsOf(answer: Answer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    if (!isErrorEnvelope(body))
      faults.push(`a ${answer.status} outside the error envelope: ${answer.text.slice(0, 200)}`);
  }
  const sign = STACK_SIGNS.find((pattern) => pattern.test(answer.text));
  if (sign) faults.push(`a stack trace or server path in the body (${sign}): ${answer.text.slice(0, 300)}`);
  return faults;
}
