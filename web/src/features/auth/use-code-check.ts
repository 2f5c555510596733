import type { VerificationCheckResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, codeSchema, type VerificationAction } from '@campus/shared/account-rules';
import type { VerificationCheckRequest } from '@campus/shared/verification-requests';
import { useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';

/**
 * A mailed 4-digit code for `action` (spec 1 §2 /verify, 'Enter PIN'): the field's value and
 * error, and `check()`, which asks the server and, when the code is right, makes the answer's
 * user the session's and resolves to the answer (otherwise to null). `run` and `isPending` are
 * the form's, for its other calls (a resend).
 */
export function useCodeCheck(action: VerificationAction) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, isPending } = useApiAction();
  const { setUser } = useSession();

  async function check(): Promise<VerificationCheckResponse | null> {
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.codeIncorrect);
      return null;
    }
    setError(null);
    const result = await run(() =>
      apiRequest<VerificationCheckResponse>('/api/verification/check', {
        method: 'POST',
        json: { action, code: parsed.data } satisfies VerificationCheckRequest,
      }),
    );
    if (!result) return null;
    setUser(result.user);
    return result;
  }

  return { code, setCode, error, check, run, isPending };
}
