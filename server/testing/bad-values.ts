/**
 * Bad values for one field of an input, as the bad-input test (server/http/bad-input.test.ts)
 * sends them: huge and negative numbers, numbers as text, NaN, NUL and other control
 * characters, 100 KB strings, wrong types, huge arrays. Each is wrong for any field of its
 * kind, whatever the call, so the answer must be -4.
 */

export interface Bad {
  label: string;
  value: unknown;
}

const HUGE_TEXT = 'x1'.repeat(50_000);
/** JSON has no Infinity: these markers become the literals 1e400 and -1e400 in `jsonText`. */
const POS_INFINITY = '\u{E000}+inf';
const NEG_INFINITY = '\u{E000}-inf';

export const controlTexts: Bad[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'BEL', value: 'a\u0007b' },
  { label: 'ESC', value: '\u001b[2Ja' },
  { label: 'DEL', value: 'a\u007fb' },
  { label: 'C1 control', value: 'a\u009bb' },
  { label: 'lone surrogate', value: 'a\ud800b' },
];

/** The valid text repeated past 100 KB: a field whose rule strips characters still gets a long value. */
export function longCopy(sample: string): Bad[] {
  return sample === ''
    ? []
    : [{ label: 'sample repeated to 100 KB', value: sample.repeat(100_000 / sample.length + 1) }];
}

const wrongTypes: Bad[] = [
  { label: 'an object', value: { a: 1 } },
  { label: 'an array', value: [1] },
  { label: 'a boolean', value: true },
];

/** Bad values for a field of a JSON body, by the kind of value its valid sample holds. */
export function jsonBadValues(sample: unknown): Bad[] {
  if (typeof sample === 'number') {
    return [
      { label: '1e20', value: 1e20 },
      { label: '-1e20', value: -1e20 },
      { label: '2^64', value: 2 ** 64 },
      { label: '-(2^64)', value: -(2 ** 64) },
      { label: '1e400', value: POS_INFINITY },
      { label: '-1e400', value: NEG_INFINITY },
      { label: 'digits beyond 64 bits', value: '99999999999999999999' },
      { label: 'NaN as text', value: 'NaN' },
      { label: 'a number with NUL', value: '1\u0000' },
      { label: '100 KB text', value: HUGE_TEXT },
      ...wrongTypes,
    ];
  }
  if (typeof sample === 'string') {
    return [
      ...controlTexts,
      { label: '100 KB text', value: HUGE_TEXT },
      ...longCopy(sample),
      { label: 'a number', value: 12345 },
      { label: '1e20', value: 1e20 },
      ...wrongTypes,
    ];
  }
  if (Array.isArray(sample)) {
    return [
      { label: 'text', value: 'a\u0000' },
      { label: 'an object', value: { a: 1 } },
      { label: 'a number', value: 1e20 },
      { label: '20001 items', value: new Array(20_001).fill(sample[0] ?? 1) },
    ];
  }
  if (sample !== null && typeof sample === 'object') {
    return [
      { label: 'text', value: 'a\u0000' },
      { label: 'an array', value: [1] },
      { label: 'a number', value: 1e20 },
    ];
  }
  // null or a boolean
  return [
    { label: '1e20', value: 1e20 },
    { label: 'NUL text', value: 'a\u0000b' },
    { label: 'an object', value: { a: 1 } },
  ];
}

/**
 * Query strings and form fields carry text (and files): their bad values are text. Where the
 * valid value is digits (an id, a kind, a phone), numbers out of range and NaN are bad too;
 * in free text they are not. A lone surrogate cannot travel there (UTF-8 turns it into U+FFFD).
 */
export function textBadValues(sample: string): Bad[] {
  const numeric: Bad[] = /^\d+$/.test(sample)
    ? [
        { label: 'digits beyond 64 bits', value: '99999999999999999999' },
        { label: 'negative digits beyond 64 bits', value: '-99999999999999999999' },
        { label: 'NaN', value: 'NaN' },
        { label: '1e400', value: '1e400' },
      ]
    : [];
  return [
    ...numeric,
    ...controlTexts.filter((c) => c.label !== 'lone surrogate'),
    { label: '100 KB text', value: HUGE_TEXT },
    ...longCopy(sample),
  ];
}

export type Path = ReadonlyArray<string | number>;

/** Every value path of a sample: each object field and the first item of each array, nested ones too. */
export function* paths(value: unknown, at: Path = []): Generator<{ path: Path; sample: unknown }> {
  if (at.length > 0) yield { path: at, sample: value };
  if (Array.isArray(value)) {
    if (value.length > 0) yield* paths(value[0], [...at, 0]);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) yield* paths(item, [...at, key]);
  }
}

/** A copy of `root` with the value at `path` replaced. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** The JSON body text, with the infinity markers written as the literals JSON.stringify cannot write. */
export function jsonText(body: unknown): string {
  return JSON.stringify(body)
    .replaceAll(JSON.stringify(POS_INFINITY), '1e400')
    .replaceAll(JSON.stringify(NEG_INFINITY), '-1e400');
}

/** A multipart form as a browser sends one: files as files, lists as repeated fields, the rest as text. */
export function toForm(input: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}
