import { API_BASE, type Envelope, ResultCode } from '../../sync/codes.ts';
import {
  decodePull,
  PROTOCOL_OUTDATED,
  type PullRequest,
  type PullResponse,
  type PullWire,
  type PushRequest,
  type PushResponse,
} from '../../sync/protocol.ts';
import { withAnswerDeadline } from '../api/answer-deadline.ts';
import { ApiError, NetworkError } from '../api/client.ts';

/**
 * How the sync engine reaches the server. The app uses the API client (session headers,
 * forced logout); tests and the benchmark use plain fetch against an app or a real process.
 */
export interface SyncTransport {
  push: (request: PushRequest) => Promise<PushResponse>;
  pull: (request: PullRequest) => Promise<PullResponse>;
  /** Uploads one image (uploadImageCall) and returns its URL. */
  upload: (input: { file: Blob; name: string; kind: number }) => Promise<string>;
}

/** The server no longer speaks this client's protocol: reload for a newer app. */
export class ProtocolOutdatedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolOutdatedError';
  }
}

/** Turns a non-success envelope into the error the engine acts on. */
export function errorOfEnvelope(envelope: { code: number; msg: string; data: unknown }): Error {
  const data = envelope.data as { reason?: string } | null;
  if (envelope.code === ResultCode.apiError && data?.reason === PROTOCOL_OUTDATED) {
    return new ProtocolOutdatedError(envelope.msg);
  }
  return new ApiError(envelope);
}

export function createFetchTransport({
  baseUrl,
  headers,
  fetchImpl = (input, init) => fetch(input, init),
  answerIdleMs,
}: {
  baseUrl: string;
  headers: () => Record<string, string>;
  fetchImpl?: (input: string, init: RequestInit) => Response | Promise<Response>;
  /** Only tests shorten it: how long an answer may keep silent (src/api/answer-deadline.ts). */
  answerIdleMs?: number;
}): SyncTransport {
  // A request that gets no answer fails instead of holding the engine (src/api/answer-deadline.ts).
  const request = withAnswerDeadline(fetchImpl, answerIdleMs !== undefined ? { idleMs: answerIdleMs } : {});
  async function send<T>(path: string, body: BodyInit, contentType?: string): Promise<T> {
    let response: Response;
    try {
      response = await request(`${baseUrl}${API_BASE}${path}`, {
        method: 'POST',
        headers: { ...headers(), ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      });
    } catch {
      throw new NetworkError();
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new NetworkError();
    }
    if (envelope.code !== ResultCode.ok) throw errorOfEnvelope(envelope);
    return envelope.data;
  }
  return {
    push: (request) => send('/sync/push', JSON.stringify(request), 'application/json'),
    pull: async (request) =>
      decodePull(await send<PullWire>('/sync/pull', JSON.stringify(request), 'application/json')),
    upload: async ({ file, name, kind }) => {
      const form = new FormData();
      form.append('file', file, name);
      form.append('kind', String(kind));
      return (await send<{ url: string }>('/upload/image', form)).url;
    },
  };
}
