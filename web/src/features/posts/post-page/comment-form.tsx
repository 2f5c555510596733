import { countPostCharacters, POST_LIMITS, POST_MESSAGES } from '@campus/shared/post-rules';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { useId, useState } from 'react';
import { useAlerts } from '../../../lib/alerts/alerts-context.tsx';
import { useOutboxActions } from '../../../local/use-outbox-actions.ts';
import { useOutboxSubmit } from '../../../local/use-outbox-submit.ts';

/** Writes a comment on a post, or a reply to a comment (spec 2 §2), with the 500-character rule. */
export function CommentForm({
  postId,
  parentId,
  label,
  onSent,
  onGate,
}: {
  postId: string;
  parentId?: string;
  label: string;
  onSent: () => void;
  /** Set when the student may not comment here: focusing the box opens the gate before any typing. */
  onGate?: () => void;
}) {
  const [text, setText] = useState('');
  const { submit, isPending } = useOutboxSubmit();
  const { createComment } = useOutboxActions();
  const { showAlert } = useAlerts();
  const id = useId();
  const count = countPostCharacters(text);

  async function send() {
    // Through the outbox (issue 5): offline, the comment shows on the thread as pending and is sent later.
    const outcome = await submit(() => createComment(postId, plainTextToRichText(text.trim()), parentId));
    if (outcome === 'refused') return;
    setText('');
    if (parentId && outcome === 'sent') showAlert(POST_MESSAGES.replySent, 'success');
    if (outcome === 'sent') onSent();
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
        onFocus={(event) => {
          if (!onGate) return;
          event.currentTarget.blur();
          onGate();
        }}
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
