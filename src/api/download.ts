import type { Call, CallInput } from '../../sync/api/contract.ts';
import { API_BASE } from '../../sync/codes.ts';
import { headers, NetworkError, refusal } from './client.ts';

function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Calls a `download` operation (a file on success, the envelope on refusal) and hands the file
 * to the browser under the server's name. Answers the name; throws ApiError or NetworkError as
 * `api()` does, so `useCall().run` toasts a refusal.
 */
export async function downloadFile<C extends Call>(call: C, input: CallInput<C>): Promise<string> {
  let response: Response;
  const sentHeaders = headers();
  try {
    response = await fetch(`${API_BASE}${call.path}`, {
      method: 'POST',
      headers: { ...sentHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(input ?? {}),
    });
  } catch {
    throw new NetworkError();
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json') && response.ok) {
    const name = fileNameOf(response.headers.get('content-disposition'), `${call.operationId}`);
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch {
      // The connection broke while the file streamed.
      throw new NetworkError();
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return name;
  }
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new NetworkError();
  }
  throw refusal({ call, envelope, sentHeaders });
}
