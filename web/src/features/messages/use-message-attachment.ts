import type { ChatAttachment } from '@campus/shared/chat-doc';
import type { UploadDto } from '@campus/shared/post-api';
import { IMAGE_MIME_TYPES, isVideoFileName, POST_MESSAGES, VIDEO_MIME_TYPES } from '@campus/shared/post-rules';
import { useCallback, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload-file.ts';
import { CHAT_SCREEN_WORDS } from './chat-words.ts';

const ALLOWED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES]);

function toAttachment(upload: UploadDto): ChatAttachment {
  return {
    uploadId: upload.id,
    kind: upload.kind,
    url: upload.url,
    thumbUrl: upload.thumbUrl,
    width: upload.width,
    height: upload.height,
    placeholder: upload.placeholder,
  };
}

/**
 * spec 2 §5: one photo or video per message, 'Only photos & videos are
 * allowed!' otherwise. It is uploaded (POST /api/uploads, like the composer)
 * before the message is written, so a message never points at a file the
 * server lacks; offline, it is refused (decision 015).
 */
export function useMessageAttachment() {
  const [attachment, setAttachment] = useState<ChatAttachment | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { showAlert } = useAlerts();

  const pick = useCallback(
    async (file: File) => {
      if (!ALLOWED_TYPES.has(file.type) && !isVideoFileName(file.name)) {
        showAlert(POST_MESSAGES.wrongFileType, 'danger');
        return;
      }
      if (attachment || progress !== null) {
        showAlert(CHAT_SCREEN_WORDS.oneAttachment, 'okay');
        return;
      }
      if (!navigator.onLine) {
        showAlert(CHAT_SCREEN_WORDS.attachmentOffline, 'danger');
        return;
      }
      setProgress(0);
      try {
        const upload = await uploadFile<UploadDto>('/api/uploads', file, setProgress);
        setAttachment(toAttachment(upload));
      } catch (error) {
        const isOffline = error instanceof ApiRequestError && error.status === 0;
        showAlert(
          isOffline
            ? CHAT_SCREEN_WORDS.attachmentOffline
            : error instanceof ApiRequestError
              ? error.message
              : POST_MESSAGES.submitFailed,
          'danger',
        );
      } finally {
        setProgress(null);
      }
    },
    [attachment, progress, showAlert],
  );

  const remove = useCallback(() => {
    if (!attachment) return;
    setAttachment(null);
    // Not sent, so not needed: a failed clean-up only leaves an orphan upload.
    void apiRequest(`/api/uploads/${attachment.uploadId}`, { method: 'DELETE' }).catch(() => undefined);
  }, [attachment]);

  /** The message was sent with it: keep the file, clear the composer. */
  const release = useCallback(() => setAttachment(null), []);

  return { attachment, progress, pick, remove, release };
}
