import { ResultCode } from '../../sync/codes.ts';
import { fieldLabel } from './field-labels.ts';
import { koreanReason } from './input-reasons.ts';
import { coreMessages, type Message, type MessageParams } from './messages.ts';

type HttpStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

/**
 * The one error type the API throws on purpose. The error handler turns it into the
 * envelope; anything else becomes code -1 with a generic message.
 */
export class AppError extends Error {
  readonly code: ResultCode;
  readonly status: HttpStatus;
  readonly msg: Message;
  readonly params: MessageParams | undefined;
  readonly data: unknown;

  constructor(args: {
    code: ResultCode;
    status: HttpStatus;
    msg: Message;
    params?: MessageParams;
    data?: unknown;
  }) {
    super(args.msg.en);
    this.name = 'AppError';
    this.code = args.code;
    this.status = args.status;
    this.msg = args.msg;
    this.params = args.params;
    this.data = args.data ?? null;
  }
}

/**
 * How much of a field name and of a reason a -4 repeats (a reason names what was expected
 * before it quotes what came); the rest of a long input is cut.
 */
export const QUOTE_LIMITS = { field: 100, reason: 200 } as const;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Code -4 naming the field and the reason. Both may quote the input (valibot's messages
 * repeat the value received), so both are cut: a 1 MB value never comes back whole. A Korean
 * reader gets the field's Korean label and the reason in Korean (server/http/input-reasons.ts:
 * a plain English reason is looked up there); `data` keeps the field's name and the English
 * reason for callers.
 */
export function badParameter(args: { field: string; reason: string | Message }): AppError {
  const field = cut(args.field, QUOTE_LIMITS.field);
  const reason =
    typeof args.reason === 'string' ? { ko: koreanReason(args.reason), en: args.reason } : args.reason;
  const en = cut(reason.en, QUOTE_LIMITS.reason);
  return new AppError({
    code: ResultCode.badParameter,
    status: 400,
    msg: coreMessages.badParameter,
    params: {
      field: { ko: cut(fieldLabel(args.field), QUOTE_LIMITS.field), en: field },
      reason: { ko: cut(reason.ko, QUOTE_LIMITS.reason), en },
    },
    data: { field, reason: en },
  });
}

/** A form rule of spec §5 that failed: code -4 with the rule's own message. */
export function invalidInput({ field, msg }: { field: string; msg: Message }): AppError {
  return new AppError({ code: ResultCode.badParameter, status: 400, msg, data: { field } });
}

/**
 * Bad input a screen lists in detail (the rows of an imported file): -4 with the rule's message,
 * the field and the details as data.
 */
export function invalidInputDetails({
  field,
  msg,
  params,
  details,
}: {
  field: string;
  msg: Message;
  params?: MessageParams;
  details: Record<string, unknown>;
}): AppError {
  return new AppError({
    code: ResultCode.badParameter,
    status: 400,
    msg,
    ...(params ? { params } : {}),
    data: { field, ...details },
  });
}

export function tokenEmpty(): AppError {
  return new AppError({ code: ResultCode.tokenEmpty, status: 401, msg: coreMessages.tokenEmpty });
}

export function tokenExpired(): AppError {
  return new AppError({ code: ResultCode.tokenExpired, status: 401, msg: coreMessages.tokenExpired });
}

export function otherDeviceLogin(): AppError {
  return new AppError({ code: ResultCode.otherDeviceLogin, status: 401, msg: coreMessages.otherDeviceLogin });
}

export function statusChanged(msg: Message = coreMessages.statusChanged): AppError {
  return new AppError({ code: ResultCode.statusChanged, status: 401, msg });
}

export function forbidden(msg: Message = coreMessages.forbidden): AppError {
  return new AppError({ code: ResultCode.apiError, status: 403, msg });
}

export function notFound(msg: Message = coreMessages.notFound): AppError {
  return new AppError({ code: ResultCode.apiError, status: 404, msg });
}

/** A business rule refused the request (not enough points, limit reached, ...). */
export function ruleViolation(
  msg: Message,
  extra: { params?: MessageParams; data?: unknown; status?: HttpStatus } = {},
): AppError {
  return new AppError({
    code: ResultCode.apiError,
    status: extra.status ?? 422,
    msg,
    ...(extra.params ? { params: extra.params } : {}),
    data: extra.data,
  });
}

export function alreadyExists(msg: Message, data?: unknown): AppError {
  return new AppError({ code: ResultCode.alreadyExists, status: 409, msg, data });
}

export function notGroupMember(msg: Message): AppError {
  return new AppError({ code: ResultCode.notGroupMember, status: 403, msg });
}

export function certAnswerFailed(msg: Message, data?: unknown): AppError {
  return new AppError({ code: ResultCode.certAnswerFailed, status: 422, msg, data });
}
