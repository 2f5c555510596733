import { uuidv7 } from '@campus/shared/ids';
import type { CommentResponse } from '@campus/shared/post-api';
import { countPostCharacters, POST_LIMITS, POST_MESSAGES } from '@campus/shared/post-rules';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { useId, useRef, useState } from 'react';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { useApiAction } from '../../../lib/forms/use-api-action.ts';

/** Writes a comment on a post, or a reply to a comment (spec 2 §2), with the 500-character rule. */
export function CommentForm({
  postId,
  parentId,
  label,
  onSent,
}: {
  postId: string;
  parentId?: string;
  label: string;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const { run, isPending } = useApiAction();
  const { showAlert } = useAlerts();
  const clientId = useRef(uuidv7());
  const id = useId();
  const count = countPostCharacters(text);

  async function send() {
    const body = {
      clientId: clientId.current,
      text: plainTextToRichText(text.trim()),
      ...(parentId ? { parentId } : {}),
    };
    const result = await run(() =>
      apiRequest<CommentResponse>(`/api/posts/${postId}/comments`, { method: 'POST', json: body }),
    );
    if (!result) return;
    setText('');
    clientId.current = uuidv7();
    if (parentId) showAlert(POST_MESSAGES.replySent, 'success');
    onSent();
  }

  return (
    <div className="comment-form">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input comment-form__input"
        rows={2}
        placeholder={label}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          if (countPostCharacters(next) > POST_LIMITS.textMax)
            return showAlert(POST_MESSAGES.tooManyCharacters, 'danger');
          setText(next);
        }}
      />
      <div className="comment-form__footer">
        <span className="field__counter">
          {count} / {POST_LIMITS.textMax}
        </span>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!text.trim() || isPending}
          onClick={send}
        >
          {parentId ? 'Reply' : 'Comment'}
        </button>
      </div>
    </div>
  );
}
