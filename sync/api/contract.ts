import type * as v from 'valibot';

export type AnySchema = v.GenericSchema<unknown, unknown> | v.GenericSchemaAsync<unknown, unknown>;

/**
 * One API call as both sides see it: the spec's call name, where it lives, and the
 * valibot schema of its input. The server implements it; the client calls it and may
 * run the same schema on a form before sending. `O` is the shape of `data` on success.
 */
export interface Call<S extends AnySchema = AnySchema, O = unknown> {
  /** The spec's call name (§7) where one exists: it is the OpenAPI operationId. */
  operationId: string;
  method: 'get' | 'post';
  /** Path under /api/v1. */
  path: string;
  summary: string;
  tag: string;
  /** Body (POST) or query (GET) schema. */
  input: S;
  /** multipart/form-data upload. */
  multipart?: boolean;
  /** Body size limit when the default (1 MB JSON, 11 MB multipart) does not fit. */
  maxBodyBytes?: number;
  /** Answers a file (its type and name in the headers) on success instead of the envelope; refusals stay envelopes. */
  download?: { contentType: string };
  /**
   * Fields the server refuses to go without although the schema lets them be left out (a rule of
   * spec §5 checked after the schema): the OpenAPI document lists them as required, at the body or
   * at one of its objects (`at`), and `oneOf` for "one of these". A test proves the server refuses each.
   */
  documentedRequired?: { at?: string; fields: readonly string[]; oneOf?: readonly string[] };
  /** Phantom: never set, carries the output type. */
  readonly output?: O;
}

/**
 * The `data` a call answers on success, from its response schema (`sync/api/<feature>.responses.ts`,
 * keyed by operationId): `defineCall<Answer<typeof fooResponses, 'getFoo'>>()`. Contracts import the
 * schemas as types only, so the schemas stay out of the client bundle; the server checks answers
 * and writes the OpenAPI document with them (server/http/responses.ts).
 */
export type Answer<R extends Record<string, v.GenericSchema>, K extends keyof R> = v.InferOutput<R[K]>;

export type CallInput<C> = C extends Call<infer S, unknown> ? v.InferInput<S> : never;
export type CallOutput<C> = C extends Call<AnySchema, infer O> ? O : never;

/**
 * `defineCall<Output>()({ ...call })`: curried so the output type is written once. Free of side
 * effects, so a contract no code of a chunk calls is left out of it, with its schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineCall<O>() {
  return /* @__NO_SIDE_EFFECTS__ */ <S extends AnySchema>(call: Omit<Call<S, O>, 'output'>): Call<S, O> =>
    call as Call<S, O>;
}
