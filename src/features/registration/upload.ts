import { uploadImageCall } from '../../../sync/api/uploads.api.ts';
import { API_BASE, Headers, ResultCode } from '../../../sync/codes.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';

/**
 * One image upload with progress (spec §7 upload image). fetch cannot report upload
 * progress, so this one call goes through XMLHttpRequest with the same headers and
 * envelope as the API client. Resolves the stored URL; throws ApiError or NetworkError.
 */
export function uploadImage({
  file,
  kind,
  onProgress,
}: {
  file: File;
  kind: number;
  onProgress: (fraction: number) => void;
}): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${uploadImageCall.path}`);
    xhr.setRequestHeader(Headers.deviceId, sessionStore.deviceId());
    xhr.setRequestHeader('accept-language', currentLocale());
    const session = sessionStore.get() ?? sessionStore.stored();
    if (session) xhr.setRequestHeader(Headers.accessToken, session.token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let envelope: { code: number; msg: string; data: { url?: string } | null };
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        reject(new NetworkError());
        return;
      }
      if (envelope.code === ResultCode.ok && envelope.data?.url) {
        onProgress(1);
        resolve(envelope.data.url);
      } else {
        reject(new ApiError({ code: envelope.code, msg: envelope.msg, data: envelope.data }));
      }
    };
    const form = new FormData();
    form.append('file', file);
    form.append('kind', String(kind));
    xhr.send(form);
  });
}
