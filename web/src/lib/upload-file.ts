import { UPLOADS_PATH, type UploadDto } from '@campus/shared/post-api';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';
import { type ApiAnswer, apiExchange, networkError, settle, toApiError } from './api-client.ts';

/**
 * The one upload client (decision 018): the composer's photos, a chat
 * message's photo or video, the profile photo and every file the outbox kept
 * on the device go through `sendFile`, with upload progress. A module of its
 * own, loaded with the screens that upload (and by the outbox only when it
 * has a file to send), so /home does not carry it.
 */

export interface FileSend {
  file: File;
  /** The multipart field ('file' unless the route says otherwise: the profile photo is 'photo'). */
  field?: string;
  method?: string;
  idempotencyKey?: string;
  onProgress?(fraction: number): void;
}

/**
 * POSTs one file as multipart with real upload progress (fetch has no upload
 * progress events; XMLHttpRequest does). Answers whatever the server said; a
 * network failure throws an ApiRequestError with status 0.
 */
export function sendFile(path: string, send: FileSend): Promise<ApiAnswer> {
  const { file, field = 'file', method = 'POST', idempotencyKey, onProgress } = send;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) request.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) onProgress?.(1);
      const replayed = request.getResponseHeader(REPLAYED_HEADER) === 'true';
      resolve(settle({ status: request.status, body: request.response ?? null, replayed }));
    });
    request.addEventListener('error', () => reject(networkError()));
    const form = new FormData();
    form.append(field, file);
    request.send(form);
  });
}

/** Uploads one file; the promise rejects with the server's messages (ApiRequestError, status 0 offline). */
export async function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadDto> {
  const answer = await sendFile(UPLOADS_PATH, { file, onProgress });
  if (answer.status >= 200 && answer.status < 300) return answer.body as UploadDto;
  throw toApiError(answer);
}

/** Removes an upload no post or message took (a photo taken off the composer); a failure only leaves an orphan. */
export async function deleteUpload(uploadId: string): Promise<void> {
  await apiExchange(`${UPLOADS_PATH}/${encodeURIComponent(uploadId)}`, { method: 'DELETE' }).catch(() => undefined);
}
