import { countPostCharacters, isVideoFileName, POST_LIMITS } from '@campus/shared/post-rules';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '../../lib/icon.tsx';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import type { ChatConnection } from '../../local/chats/chat-sync.ts';
import { useTooLongAlert } from '../composer/index.ts';
import type { OutgoingMessage } from './conversation.tsx';
import { SharedPostCard } from './shared-post-card.tsx';
import { useMessageAttachment } from './use-message-attachment.ts';

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
            <div className="message-composer__extra">
              <SharedPostCard postId={sharePostId} />
              <button type="button" className="icon-button" aria-label="Remove shared post" onClick={onRemoveShare}>
                <Icon name="close" size={16} />
              </button>
            </div>
          )}
          {files.attachment && (
            <div className="message-composer__extra">
              <img
                className="message-composer__thumb"
                src={files.attachment.thumbUrl}
                alt="Attached file"
                width={56}
                height={56}
              />
              <button type="button" className="icon-button" aria-label="Remove attachment" onClick={files.remove}>
                <Icon name="close" size={16} />
              </button>
            </div>
          )}
          {files.localFile && localPreview && (
            // Picked offline: the device's own copy, sent with the message when the network returns.
            <div className="message-composer__extra">
              {files.localFile.type.startsWith('video/') || isVideoFileName(files.localFile.name) ? (
                <video className="message-composer__thumb" src={localPreview} muted aria-label="Attached file" />
              ) : (
                <img
                  className="message-composer__thumb"
                  src={localPreview}
                  alt="Attached file"
                  width={56}
                  height={56}
                />
              )}
              <button type="button" className="icon-button" aria-label="Remove attachment" onClick={files.remove}>
                <Icon name="close" size={16} />
              </button>
            </div>
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
          <svg
            width={20}
            height={20}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m22 2-7 20-4-9-9-4Z" />
            <path d="M22 2 11 13" />
          </svg>
        </button>
      </div>
      <p className={`message-composer__count${count > POST_LIMITS.textMax - 50 ? ' is-near' : ''}`} aria-live="polite">
        {count} / {POST_LIMITS.textMax}
      </p>
    </form>
  );
}
