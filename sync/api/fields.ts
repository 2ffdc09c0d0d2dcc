import * as v from 'valibot';

/** Field schemas reused by many calls. Messages are field reasons for the -4 envelope. */

/** A phone number as sent: digits only (hyphens removed before sending, spec §5). */
export const phoneNumber = v.pipe(
  v.string('phone number required'),
  v.transform((s) => s.replace(/-/g, '').trim()),
  v.regex(/^0\d{8,10}$/, 'phone number must be 9 to 11 digits starting with 0'),
);

export const yn = v.picklist(['Y', 'N'], 'must be Y or N');

/** A positive row id; GET query strings arrive as text. */
export const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number'), v.transform(Number))]),
  v.integer('must be an integer'),
  v.minValue(1, 'must be positive'),
);

/** Trimmed non-empty text with a length cap. */
export const text = (max: number, label = 'value') =>
  v.pipe(
    v.string(`${label} required`),
    v.trim(),
    v.minLength(1, `${label} required`),
    v.maxLength(max, `${label} too long`),
  );

export const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');
