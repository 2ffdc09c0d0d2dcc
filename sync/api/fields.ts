import * as v from 'valibot';

/** Field schemas reused by many calls. Messages are field reasons for the -4 envelope. */

/** A phone number as sent: digits only (hyphens removed before sending, spec §5). */
export const phoneNumber = v.pipe(
  v.string('phone number required'),
  v.transform((s) => s.replace(/-/g, '').trim()),
  v.regex(/^0\d{8,10}$/, 'phone number must be 9 to 11 digits starting with 0'),
);

export const yn = v.picklist(['Y', 'N'], 'must be Y or N');

/** The largest whole number JavaScript (and so every id, count and amount here) holds exactly. */
export const MAX_WHOLE_NUMBER = Number.MAX_SAFE_INTEGER;

/**
 * A positive row id as the offline operations' arguments carry it (sync/sites/sites.mutators.ts):
 * part of the sync protocol (bounded since protocol 5). API inputs use `rowId`.
 */
export const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number'), v.transform(Number))]),
  v.integer('must be an integer'),
  v.minValue(1, 'must be positive'),
  v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
);

/** A positive row id in an API input; GET query strings arrive as text. */
export const rowId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'must be a number'), v.transform(Number))]),
  v.integer('must be an integer'),
  v.minValue(1, 'must be positive'),
  v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
);

/**
 * C0 and C1 control characters, DEL included, except tab, line feed and carriage return (a
 * memo has lines). No field of the spec holds them; a NUL breaks SQLite's full-text phrases.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** In Unicode mode a surrogate pair is one code point, so this finds only lone halves. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a string may not be input text at all, or null: control characters, or broken UTF-16
 * (a lone surrogate, which SQLite would store as U+FFFD). The server checks every string of
 * every input with it (server/http/input-guard.ts) before the call's own schema.
 */
export function textProblem(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid text';
  return null;
}

/** Trimmed non-empty text with a length cap. */
export const text = (max: number, label = 'value') =>
  v.pipe(
    v.string(`${label} required`),
    v.trim(),
    v.minLength(1, `${label} required`),
    v.maxLength(max, `${label} too long`),
  );

export const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');
