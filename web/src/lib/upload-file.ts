import { GENERIC_MESSAGES, isErrorEnvelope } from '@campus/shared/errors';
import { ApiRequestError } from './api-client.ts';

/**
 * POSTs one file as multipart with real upload progress (fetch has no upload
 * progress events; XMLHttpRequest does). Errors come back as ApiRequestError
 * with the server's messages, like every other call.
 */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        reject(
          new ApiRequestError(
            request.status,
            isErrorEnvelope(body) ? body.errors : [{ code: 'http', msg: GENERIC_MESSAGES.somethingWentWrong }],
          ),
        );
      }
    });
    request.addEventListener('error', () =>
      reject(new ApiRequestError(0, [{ code: 'network', msg: 'Network error. Please check your connection' }])),
    );
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
