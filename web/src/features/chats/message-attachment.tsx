import type { ChatAttachment } from '@campus/shared/chat-doc';
import { isVideoFileName } from '@campus/shared/post-rules';
import { useState } from 'react';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import type { ChatPhotoFile } from '../../local/chats/chat-photos.ts';

/**
 * A message's one photo or video (spec 2 §5), at most 200px tall in a chat
 * (spec 2 §9); videos loop muted like the feed's, with controls.
 */
export function MessageAttachment({ attachment }: { attachment: ChatAttachment }) {
  const [isLoaded, setIsLoaded] = useState(false);
  const style = {
    backgroundImage: attachment.placeholder && !isLoaded ? `url("${attachment.placeholder}")` : undefined,
  };
  if (attachment.kind === 'video') {
    return (
      <div className="message-media" style={style}>
        <video src={attachment.url} poster={attachment.thumbUrl} loop muted autoPlay playsInline controls />
      </div>
    );
  }
  return (
    <a className="message-media" style={style} href={attachment.url} target="_blank" rel="noreferrer">
      <img
        src={attachment.thumbUrl}
        width={attachment.width}
        height={attachment.height}
        alt="Attachment"
        loading="lazy"
        decoding="async"
        className={isLoaded ? 'is-loaded' : undefined}
        onLoad={() => setIsLoaded(true)}
      />
    </a>
  );
}

/** A queued message's photo or video, from the device's copy, dimmed until it is sent. */
export function LocalAttachment({ file }: { file: ChatPhotoFile }) {
  const url = useObjectUrl(file.blob);
  if (!url) return null;
  return (
    <div className="message-media message-media--waiting">
      {file.type.startsWith('video/') || isVideoFileName(file.name) ? (
        <video src={url} loop muted autoPlay playsInline aria-label="Attachment (waiting to send)" />
      ) : (
        <img src={url} alt="Attachment (waiting to send)" decoding="async" />
      )}
    </div>
  );
}
