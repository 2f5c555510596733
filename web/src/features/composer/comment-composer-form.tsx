import { uuidv7 } from '@campus/shared/ids';
import type { CommentDto, CommentResponse } from '@campus/shared/post-api';
import { POST_LIMITS } from '@campus/shared/post-rules';
import type { RichTextDocument } from '@campus/shared/rich-text';
import { useCallback, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { PostEditor } from './post-editor.tsx';
import { useTooLongAlert } from './use-too-long-alert.ts';

interface CommentComposerFormProps {
  /** The top-level post: comments and replies are both sent to its endpoint. */
  rootId: string;
  /** Set for a reply: the comment it answers. */
  parentId: string | undefined;
  authorFirstName: string;
  onDirtyChange: (isDirty: boolean) => void;
  onSent: (comment: CommentDto) => void;
}

/** A comment or reply in the Lexical editor, with the 500-character rule of posts (spec 2 §5). */
export function CommentComposerForm({
  rootId,
  parentId,
  authorFirstName,
  onDirtyChange,
  onSent,
}: CommentComposerFormProps) {
  const [text, setText] = useState<RichTextDocument | null>(null);
  const [characters, setCharacters] = useState(0);
  const { run, isPending } = useApiAction();
  const clientId = useRef(uuidv7());
  const onTooLong = useTooLongAlert();
  const isReply = parentId !== undefined;

  const onChange = useCallback(
    (document: RichTextDocument, count: number) => {
      setCharacters(count);
      setText(count > 0 ? document : null);
      onDirtyChange(count > 0);
    },
    [onDirtyChange],
  );

  async function send() {
    if (!text) return;
    const body = { clientId: clientId.current, text, ...(parentId ? { parentId } : {}) };
    const result = await run(() =>
      apiRequest<CommentResponse>(`/api/posts/${encodeURIComponent(rootId)}/comments`, { method: 'POST', json: body }),
    );
    if (!result) return;
    onDirtyChange(false);
    onSent(result.comment);
  }

  return (
    <div className="composer">
      <PostEditor
        label={isReply ? 'Reply text' : 'Comment text'}
        placeholder={isReply ? `Reply to ${authorFirstName}…` : 'Write a comment…'}
        initial={null}
        onChange={onChange}
        onTooLong={onTooLong}
      />
      <p className="composer__counter" aria-live="polite">
        {characters} / {POST_LIMITS.textMax}
      </p>
      <div className="composer__footer composer__footer--end">
        <button type="button" className="button button--primary" disabled={!text || isPending} onClick={send}>
          {isPending ? 'Processing...' : isReply ? 'Reply' : 'Post'}
        </button>
      </div>
    </div>
  );
}
