import { uuidv7 } from '@campus/shared/ids';
import type { UploadDto } from '@campus/shared/post-api';
import {
  IMAGE_MIME_TYPES,
  isVideoFileName,
  POST_LIMITS,
  POST_MESSAGES,
  VIDEO_MIME_TYPES,
} from '@campus/shared/post-rules';
import { useCallback, useState } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { deleteUpload, uploadFile } from '../../lib/upload-file.ts';
import type { LocalFile } from '../../local/local-db.ts';
import type { PendingUpload } from './photo-strip.tsx';

const ALLOWED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES]);

/** spec 2 §5 in the browser: by type, or by name for mov/mp4. The server checks the bytes again. */
function isAllowed(file: File): boolean {
  return ALLOWED_TYPES.has(file.type) || isVideoFileName(file.name);
}

/** Uploads chosen files one by one with progress, keeping the order they were picked in. */
export function usePhotoUploads(
  uploads: UploadDto[],
  setUploads: (update: (current: UploadDto[]) => UploadDto[]) => void,
) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Offline (issue 5): files that could not be uploaded wait on the device and go with the post.
  const [waiting, setWaiting] = useState<LocalFile[]>([]);
  const { showAlert } = useAlerts();

  const addFiles = useCallback(
    async (files: File[]) => {
      if (files.some((file) => !isAllowed(file))) {
        showAlert(POST_MESSAGES.wrongFileType, 'danger');
        return;
      }
      if (uploads.length + pending.length + waiting.length + files.length > POST_LIMITS.filesMax) {
        showAlert(POST_MESSAGES.tooManyFiles, 'okay');
        return;
      }
      for (const file of files) {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        setPending((current) => [...current, { key, name: file.name, progress: 0 }]);
        try {
          const upload = await uploadFile(file, (progress) =>
            setPending((current) => current.map((item) => (item.key === key ? { ...item, progress } : item))),
          );
          setUploads((current) => [...current, upload]);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 0) {
            setWaiting((current) => [
              ...current,
              { id: uuidv7(), name: file.name, type: file.type, blob: file, uploadId: null },
            ]);
          } else {
            showAlert(error instanceof ApiRequestError ? error.message : POST_MESSAGES.submitFailed, 'danger');
          }
        } finally {
          setPending((current) => current.filter((item) => item.key !== key));
        }
      }
    },
    [pending.length, setUploads, showAlert, uploads.length, waiting.length],
  );

  const remove = useCallback(
    async (index: number) => {
      const upload = uploads[index];
      if (!upload) return;
      showAlert(POST_MESSAGES.removingPhoto, 'okay');
      setUploads((current) => current.filter((item) => item.id !== upload.id));
      // The file is gone from the post either way; a failed clean-up only leaves an orphan upload.
      await deleteUpload(upload.id);
    },
    [setUploads, showAlert, uploads],
  );

  return { pending, waiting, addFiles, remove };
}
