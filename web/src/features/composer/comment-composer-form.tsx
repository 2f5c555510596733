import type { RichTextDocument } from '@campus/shared/rich-text';
import { useCallback, useState } from 'react';
import { useOutboxActions } from '../../local/use-outbox-actions.ts';
import { type SubmitOutcome, useOutboxSubmit } from '../../local/use-outbox-submit.ts';
import { PostEditor } from './post-editor.tsx';
import { useTooLongAlert } from './use-too-long-alert.ts';

interface CommentComposerFormProps {
  /** The top-level post: comments and replies are both sent to its endpoint. */
  rootId: string;
  /** Set for a reply: the comment it answers. */
  parentId: string | undefined;
  authorFirstName: string;
  onDirtyChange: (isDirty: boolean) => void;
  /** Sent, or waiting in the outbox to be sent when the network returns (issue 5). */
  onSent: (outcome: Exclude<SubmitOutcome, 'refused'>) => void;
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
  const { submit, isPending } = useOutboxSubmit();
  const { createComment } = useOutboxActions();
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
    const outcome = await submit(() => createComment(rootId, text, parentId));
    if (outcome === 'refused') return;
    onDirtyChange(false);
    onSent(outcome);
  }

  return (
    <div className="composer">
      <PostEditor
        label={isReply ? 'Reply text' : 'Comment text'}
        placeholder={isReply ? `Reply to ${authorFirstName}…` : 'Write a comment…'}
        initial={null}
        characters={characters}
        onChange={onChange}
        onTooLong={onTooLong}
      />
      <div className="composer__footer composer__footer--end">
        <button type="button" className="button button--primary" disabled={!text || isPending} onClick={send}>
          {isPending ? 'Processing...' : isReply ? 'Reply' : 'Post'}
        </button>
      </div>
    </div>
  );
}
