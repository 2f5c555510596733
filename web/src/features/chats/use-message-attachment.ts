import type { ChatAttachment } from '@campus/shared/chat-doc';
import { IMAGE_MIME_TYPES, isVideoFileName, POST_MESSAGES, VIDEO_MIME_TYPES } from '@campus/shared/post-rules';
import { useCallback, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { deleteUpload, uploadFile } from '../../lib/upload-file.ts';
import { toChatAttachment } from '../../local/chats/chat-photos.ts';
import { CHAT_SCREEN_WORDS } from './chat-words.ts';

const ALLOWED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES]);

/**
 * spec 2 §5: one photo or video per message, 'Only photos & videos are
 * allowed!' otherwise. Online it is uploaded (POST /api/uploads, like the
 * composer) before the message is written, so a message never points at a
 * file the server lacks. Offline (or when the upload finds no network) the
 * file itself is kept: the message then waits in the outbox until
 * the file can be uploaded (decision 015, session 9).
 */
export function useMessageAttachment() {
  const [attachment, setAttachment] = useState<ChatAttachment | null>(null);
  const [localFile, setLocalFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { showAlert } = useAlerts();

  const pick = useCallback(
    async (file: File) => {
      if (!ALLOWED_TYPES.has(file.type) && !isVideoFileName(file.name)) {
        showAlert(POST_MESSAGES.wrongFileType, 'danger');
        return;
      }
      if (attachment || localFile || progress !== null) {
        showAlert(CHAT_SCREEN_WORDS.oneAttachment, 'okay');
        return;
      }
      if (!navigator.onLine) {
        setLocalFile(file);
        return;
      }
      setProgress(0);
      try {
        const upload = await uploadFile(file, setProgress);
        setAttachment(toChatAttachment(upload));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) setLocalFile(file);
        else showAlert(error instanceof ApiRequestError ? error.message : POST_MESSAGES.submitFailed, 'danger');
      } finally {
        setProgress(null);
      }
    },
    [attachment, localFile, progress, showAlert],
  );

  const remove = useCallback(() => {
    setLocalFile(null);
    if (!attachment) return;
    setAttachment(null);
    // Not sent, so not needed: a failed clean-up only leaves an orphan upload.
    void deleteUpload(attachment.uploadId);
  }, [attachment]);

  /** The message was sent (or queued) with it: keep the file, clear the composer. */
  const release = useCallback(() => {
    setAttachment(null);
    setLocalFile(null);
  }, []);

  return { attachment, localFile, progress, pick, remove, release };
}
