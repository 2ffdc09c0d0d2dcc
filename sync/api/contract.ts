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
  /** Phantom: never set, carries the output type. */
  readonly output?: O;
}

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
