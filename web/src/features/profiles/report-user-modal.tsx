import type { MessageDto } from '@campus/shared/post-api';
import { POST_LIMITS } from '@campus/shared/post-rules';
import type { ReportUserRequest } from '@campus/shared/report-requests';
import { type FormEvent, useId, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { Modal } from '../../lib/modal.tsx';

/** spec 2 §2 Profile: a signed-in user reports another; the server answers the spec's thank-you. */
export function ReportUserModal({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: ReportUserRequest = { reason: reason.trim() };
    const result = await run(() =>
      apiRequest<MessageDto>(`/api/users/${userId}/report`, { method: 'POST', json: body }),
    );
    if (!result) return;
    showAlert(result.msg, 'success');
    onClose();
  }

  return (
    <Modal title={`Report ${name}`} onClose={onClose}>
      <form className="report-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={id} className="field__label">
            What happened?
          </label>
          <textarea
            id={id}
            className="field__input field__input--area"
            rows={4}
            required
            maxLength={POST_LIMITS.reportReasonMax}
            value={reason}
            placeholder="Scam, harassment, fake listing…"
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="field__meta">
            <span />
            <span className="field__counter">
              {reason.length} / {POST_LIMITS.reportReasonMax}
            </span>
          </div>
        </div>
        <div className="report-form__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={isPending || reason.trim() === ''}>
            {isPending ? 'Reporting...' : 'Report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
