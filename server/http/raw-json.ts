/**
 * An answer that is already JSON: the operation sends the text as its data, untouched.
 * Two uses: a result many callers receive as the very same object (a cached search, see
 * sharedJson), and a pull page whose site rows SQLite wrote as JSON (sync/pull.repository.ts).
 */
export class RawJson<T> {
  /** Only the type: what the JSON decodes to. */
  declare readonly value: T;
  /**
   * The UTF-8 length of `json` when the operation already measured it (the pull counts its
   * bytes): the answer's Content-Length is then set from it instead of measured a second time.
   */
  bytes?: number;
  constructor(readonly json: string) {}
}

const serialised = new WeakMap<object, string>();

/**
 * A result many callers receive as the very same object is turned into JSON once, not once
 * per call: at a few hundred calls a second the serialisation of a 10 kB answer is a visible
 * share of the request. The object must not change afterwards, which holds for anything a
 * shared cache hands out.
 */
export function sharedJson<T extends object>(value: T): RawJson<T> {
  let json = serialised.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    serialised.set(value, json);
  }
  return new RawJson<T>(json);
}
