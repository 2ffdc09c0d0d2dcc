/**
 * Response codes of spec §8, declared once and shared by client and server.
 * Every API response is the envelope `{ code, msg, data }`.
 */
export const ResultCode = {
  ok: 0,
  apiError: -1,
  tokenEmpty: -2,
  tokenExpired: -3,
  badParameter: -4,
  otherDeviceLogin: -7,
  certAnswerFailed: -8,
  statusChanged: -9,
  alreadyExists: -11,
  notGroupMember: -12,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T = unknown> {
  code: ResultCode;
  msg: string;
  data: T;
}

/** Codes after which the client must drop its session and show the login screen. */
export const sessionEndingCodes: ReadonlySet<number> = new Set([
  ResultCode.tokenEmpty,
  ResultCode.tokenExpired,
  ResultCode.otherDeviceLogin,
  ResultCode.statusChanged,
]);

/** Header names every call sends (spec §7). */
export const Headers = {
  deviceId: 'x-device-id',
  accessToken: 'x-access-token',
  protocolVersion: 'x-protocol-version',
} as const;

export const API_BASE = '/api/v1';
