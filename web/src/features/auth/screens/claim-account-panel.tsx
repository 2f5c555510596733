import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import type { ClaimLinkRequest, LinkSentResponse } from '@campus/shared/email-link-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * /login/sent?claim={username} (spec 2 §2 'Claim this account', decision 026):
 * mails a sign-in link to the address the unverified account was made with.
 * The page never learns the address; only its owner can open the link.
 */
export function ClaimAccountPanel({ username }: { username: string }) {
  const [isSent, setIsSent] = useState(false);
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();

  async function send() {
    const sent = await run(() =>
      apiRequest<LinkSentResponse>('/api/auth/claim-link', {
        method: 'POST',
        json: { username } satisfies ClaimLinkRequest,
      }),
    );
    if (!sent) return;
    showAlert(ACCOUNT_MESSAGES.linkEmailSent, 'okay');
    setIsSent(true);
  }

  const back = (
    <p className="auth-card__footer">
      <Link to={`/${encodeURIComponent(username)}`}>Back to profile</Link>
    </p>
  );
  if (isSent) {
    return (
      <AuthCard
        title="Your magic link is on its way!"
        subtitle={`We sent a sign-in link to the e-mail address of @${username}. It may take 1-2 minutes.`}
      >
        <p className="auth-card__subtitle">Opening it verifies the account and signs its owner in.</p>
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Claim this account"
      subtitle={`Is @${username} yours? We will e-mail a sign-in link to the address it was created with.`}
    >
      <p className="auth-card__subtitle">
        Only the owner of that address can open it. The link verifies the account, signs you in and ends any other
        sign-in; set a password afterwards with 'Forgot password'.
      </p>
      <button type="button" className="button button--primary button--block" disabled={isPending} onClick={send}>
        {isPending ? 'Please wait…' : 'Send sign-in link'}
      </button>
      {back}
    </AuthCard>
  );
}
