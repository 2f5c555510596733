import type { ChatAttachment } from '@campus/shared/chat-doc';
import { countPostCharacters, isVideoFileName, POST_LIMITS } from '@campus/shared/post-rules';
import { type FormEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Icon } from '../../lib/icon.tsx';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useTooLongAlert } from '../composer/index.ts';
import type { ChatConnection } from './chat-sync.ts';
import { SharedPostCard } from './shared-post-card.tsx';
import { useMessageAttachment } from './use-message-attachment.ts';

export interface OutgoingMessage {
  text: string;
  postId: string | null;
  attachment: ChatAttachment | null;
  /** A photo or video picked offline: the message waits in the chat photo queue until it is uploaded. */
  file: File | null;
}

export interface MessageComposerProps {
  connection: ChatConnection;
  sharePostId: string | null;
  onRemoveShare: () => void;
  onSend: (message: OutgoingMessage) => void;
  isReady: boolean;
}

/**
 * Writing a message (spec 2 §5): text or a file (or a shared post) required,
 * 500 characters counting 2 extra per line break with 'n / 500', typing past
 * it blocked with the throttled 'Error: Too many characters!'. Enter sends,
 * Shift+Enter starts a new line. Offline it still sends: the message waits.
 */
export function MessageComposer({ connection, sharePostId, onRemoveShare, onSend, isReady }: MessageComposerProps) {
  const [text, setText] = useState('');
  const tooLong = useTooLongAlert();
  const files = useMessageAttachment();
  const localPreview = useObjectUrl(files.localFile);
  const fileInput = useRef<HTMLInputElement>(null);
  const count = countPostCharacters(text);
  const hasFile = files.attachment !== null || files.localFile !== null;
  const canSend = isReady && files.progress === null && (text.trim() !== '' || hasFile || sharePostId !== null);

  function change(next: string) {
    if (countPostCharacters(next) > POST_LIMITS.textMax) tooLong();
    else setText(next);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ text: text.trim(), postId: sharePostId, attachment: files.attachment, file: files.localFile });
    setText('');
    files.release();
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <form className="message-composer" onSubmit={submit} aria-label="Write a message">
      {(sharePostId || hasFile || files.progress !== null) && (
        <div className="message-composer__extras">
          {sharePostId && (
            <ComposerExtra removeLabel="Remove shared post" onRemove={onRemoveShare}>
              <SharedPostCard postId={sharePostId} />
            </ComposerExtra>
          )}
          {files.attachment && (
            <ComposerExtra removeLabel="Remove attachment" onRemove={files.remove}>
              <AttachedImage src={files.attachment.thumbUrl} />
            </ComposerExtra>
          )}
          {files.localFile && localPreview && (
            // Picked offline: the device's own copy, sent with the message when the network returns.
            <ComposerExtra removeLabel="Remove attachment" onRemove={files.remove}>
              {files.localFile.type.startsWith('video/') || isVideoFileName(files.localFile.name) ? (
                <video className="message-composer__thumb" src={localPreview} muted aria-label="Attached file" />
              ) : (
                <AttachedImage src={localPreview} />
              )}
            </ComposerExtra>
          )}
          {files.progress !== null && (
            <progress className="message-composer__progress" value={files.progress} max={1} aria-label="Uploading" />
          )}
        </div>
      )}
      <div className="message-composer__row">
        <button
          type="button"
          className="icon-button message-composer__attach"
          aria-label="Add a photo or video"
          onClick={() => fileInput.current?.click()}
        >
          <Icon name="plus" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void files.pick(file);
          }}
        />
        <label className="message-composer__field">
          <span className="visually-hidden">Message</span>
          <textarea
            rows={1}
            value={text}
            placeholder={connection === 'offline' ? 'Message (sends when you are back online)' : 'Message'}
            onChange={(event) => change(event.target.value)}
            onKeyDown={sendOnEnter}
          />
        </label>
        <button type="submit" className="icon-button message-composer__send" aria-label="Send" disabled={!canSend}>
          <Icon name="send" size={20} />
        </button>
      </div>
      <p className={`message-composer__count${count > POST_LIMITS.textMax - 50 ? ' is-near' : ''}`} aria-live="polite">
        {count} / {POST_LIMITS.textMax}
      </p>
    </form>
  );
}

/** What goes with the message (a shared post, a file) and its remove button. */
function ComposerExtra({
  removeLabel,
  onRemove,
  children,
}: {
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <div className="message-composer__extra">
      {children}
      <button type="button" className="icon-button" aria-label={removeLabel} onClick={onRemove}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

function AttachedImage({ src }: { src: string }) {
  return <img className="message-composer__thumb" src={src} alt="Attached file" width={56} height={56} />;
}
