import type { Call, CallInput, CallOutput } from '../../sync/api/contract.ts';
import { API_BASE, Headers, ResultCode, sessionEndingCodes } from '../../sync/codes.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { withAnswerDeadline } from './answer-deadline.ts';
import { sessionStore } from './session.ts';

/** The server answered with a non-zero code; `msg` is already in the user's language. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor({ code, msg, data }: { code: number; msg: string; data: unknown }) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** No answer at all: offline, or the server is unreachable. */
export class NetworkError extends Error {
  constructor() {
    super('network');
    this.name = 'NetworkError';
  }
}

type SessionEndedHandler = (args: { code: number; msg: string }) => void;
let onSessionEnded: SessionEndedHandler = () => {};

/** The app registers what a session-ending code (-2, -3, -7, -9) does: the forced logout. */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  onSessionEnded = handler;
}

let onSuccessMessage: (msg: string) => void = () => {};

/**
 * The server names the success of an action in `msg` (spec §8 success toasts: saved,
 * approved, ...); the app shows it. Calls without such a message answer with an empty msg.
 */
export function setSuccessMessageHandler(handler: (msg: string) => void): void {
  onSuccessMessage = handler;
}

/** The headers of every call: device id, language and the session's token. */
export function headers(): Record<string, string> {
  const h: Record<string, string> = {
    [Headers.deviceId]: sessionStore.deviceId(),
    'accept-language': currentLocale(),
  };
  const session = sessionStore.get() ?? sessionStore.stored();
  if (session) h[Headers.accessToken] = session.token;
  return h;
}

function toFormData(input: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value))
      for (const item of value) form.append(key, item instanceof Blob ? item : String(item));
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/**
 * The error for a refusing envelope; a session-ending code first runs the forced logout, but
 * only for the session that made the call (`sentHeaders`). A call still answering for a session
 * already left (an admin leaving a member's view, a sign-in as someone else) must not sign out
 * the session that took its place.
 */
export function refusal({
  call,
  envelope,
  sentHeaders,
}: {
  call: Call;
  envelope: { code: number; msg: string; data: unknown };
  sentHeaders: Record<string, string>;
}): ApiError {
  const current = sessionStore.get() ?? sessionStore.stored();
  const sameSession = sentHeaders[Headers.accessToken] === current?.token;
  if (sessionEndingCodes.has(envelope.code) && call.operationId !== 'login' && sameSession) {
    onSessionEnded({ code: envelope.code, msg: envelope.msg });
  }
  return new ApiError(envelope);
}

/** Calls one API operation and returns its `data`, or throws ApiError / NetworkError. */
export async function api<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: {
    signal?: AbortSignal;
    onUploadProgress?: never;
    /** Give up (NetworkError) when no answer comes in time (src/api/answer-deadline.ts): the sync engine's calls. */
    deadline?: boolean;
  } = {},
): Promise<CallOutput<C>> {
  let url = `${API_BASE}${call.path}`;
  const sentHeaders = headers();
  const init: RequestInit = {
    method: call.method.toUpperCase(),
    headers: sentHeaders,
    signal: options.signal ?? null,
  };
  if (call.method === 'get') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null) params.set(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  } else if (call.multipart) {
    init.body = toFormData((input ?? {}) as Record<string, unknown>);
  } else {
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
    init.body = JSON.stringify(input ?? {});
  }
  let response: Response;
  try {
    const send = options.deadline ? withAnswerDeadline((input, init) => fetch(input, init)) : fetch;
    response = await send(url, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // A proxy or the service worker answered with something that is not our envelope.
    throw new NetworkError();
  }
  if (envelope.code !== ResultCode.ok) throw refusal({ call, envelope, sentHeaders });
  if (envelope.msg) onSuccessMessage(envelope.msg);
  return envelope.data as CallOutput<C>;
}
