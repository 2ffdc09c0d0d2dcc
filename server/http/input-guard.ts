import * as v from 'valibot';
import type { AnySchema } from '../../sync/api/contract.ts';
import { MAX_WHOLE_NUMBER, textProblem } from '../../sync/api/fields.ts';
import { type AppError, badParameter } from './errors.ts';
import { issueReason } from './input-reasons.ts';

/**
 * What no input may hold, whatever its call: checked on the raw input before the call's own
 * schema, for every operation (server/http/operation.ts) and every pushed mutation's arguments
 * (server/sync/run.ts), so a new call is bounded here without a line of its own.
 */

/** Deeper than any input needs: a pushed unit's image list sits 10 levels down. Counted from the top (with `name`, from it). */
export const MAX_INPUT_DEPTH = 16;

export interface InputProblem {
  field: string;
  reason: string;
}

const fieldName = (path: readonly string[]) => path.join('.') || 'body';

/** Enough of a valibot schema object to follow an input down it. */
interface SchemaNode {
  type: string;
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  value?: SchemaNode;
  key?: string;
  options?: readonly SchemaNode[];
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  'exact_optional',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);

/**
 * The schema that applies to `value`: through optional and nullable wrappers, and for a
 * variant (push, pull) the option the value's discriminator picks. Undefined when unknown.
 */
function resolve(schema: SchemaNode | undefined, value: unknown): SchemaNode | undefined {
  let node = schema;
  while (node && WRAPPERS.has(node.type)) node = node.wrapped;
  if (node?.type === 'variant' && node.key && value !== null && typeof value === 'object') {
    const discriminator = (value as Record<string, unknown>)[node.key];
    const key = node.key;
    return node.options?.find((o) => v.is(o.entries?.[key] as unknown as v.GenericSchema, discriminator));
  }
  return node;
}

function childSchema(schema: SchemaNode | undefined, key: string): SchemaNode | undefined {
  if (!schema) return undefined;
  if (schema.type === 'array') return schema.item;
  if (schema.type === 'record') return schema.value;
  return schema.entries?.[key];
}

const OBJECTS = new Set(['object', 'strict_object', 'loose_object']);

/** A field that takes a number, maybe as its digits (an id in a query string): the digits are a number too. */
function takesNumber(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  if (node.type === 'number') return true;
  if (WRAPPERS.has(node.type)) return takesNumber(node.wrapped);
  return node.type === 'union' && (node.options ?? []).some(takesNumber);
}

function numberProblem(n: number): string | null {
  // JSON reads 1e400 as Infinity and 1e20 as a float no id, count or amount can be.
  return Number.isFinite(n) && Math.abs(n) <= MAX_WHOLE_NUMBER ? null : 'number out of range';
}

function valueProblem(value: unknown, node: SchemaNode | undefined): string | null {
  if (typeof value === 'string') {
    const reason = textProblem(value);
    if (reason || !takesNumber(node) || !/^-?\d+$/.test(value)) return reason;
    return numberProblem(Number(value));
  }
  if (typeof value === 'number') return numberProblem(value);
  // Valibot's object takes an array (it is an object to JavaScript) and reads no field of it.
  if (Array.isArray(value) && node && OBJECTS.has(node.type)) return 'must be an object';
  return null;
}

/**
 * Depth first over the input beside its schema. `path` is one array pushed and popped on the
 * way (a pushed mutation may hold thousands of values: no copy per value).
 */
function walk(value: unknown, schema: SchemaNode | undefined, path: string[]): InputProblem | null {
  const node = resolve(schema, value);
  const reason = valueProblem(value, node);
  if (reason) return { field: fieldName(path), reason };
  if (value === null || typeof value !== 'object' || value instanceof Blob) return null;
  if (path.length >= MAX_INPUT_DEPTH) return { field: fieldName(path), reason: 'nested too deeply' };
  const keys = Array.isArray(value) ? null : Object.keys(value);
  const count = keys ? keys.length : (value as unknown[]).length;
  for (let i = 0; i < count; i++) {
    const key = keys ? (keys[i] as string) : String(i);
    const keyReason = keys ? textProblem(key) : null;
    if (keyReason) return { field: fieldName(path), reason: `a field name ${keyReason}` };
    const child = childSchema(node, key);
    // A value the schema takes as it is (a pushed mutation's args) is checked where it is
    // read, one mutation at a time, so one bad entry does not refuse the whole push.
    if (child?.type === 'unknown') continue;
    path.push(key);
    const found = walk((value as Record<string, unknown>)[key], child, path);
    path.pop();
    if (found) return found;
  }
  return null;
}

/**
 * The first string with control characters or broken text (keys included), number beyond
 * what any field holds, or nesting deeper than MAX_INPUT_DEPTH; null when there is none.
 * With `schema`: digits sent for a number are bounded as that number, an array is refused
 * where an object is expected, and parts declared `v.unknown()` are left to whoever reads
 * them. `name` is what the value is called in the answer (a pushed mutation's `args`).
 */
export function findMalformedValue({
  value,
  schema,
  name,
}: {
  value: unknown;
  schema?: AnySchema;
  name?: string;
}): InputProblem | null {
  return walk(value, schema as unknown as SchemaNode | undefined, name ? [name] : []);
}

/**
 * A top-level field the call does not take. Valibot's object drops such a field silently;
 * refused instead, a misspelt or stale field name is seen at once rather than ignored.
 * Nested objects keep valibot's behaviour: the offline operations' arguments are part of
 * the sync protocol, and a device's queued entries must keep passing. A loose object or a
 * record takes any field, and so does an older protocol's push or pull.
 */
export function findUnknownField(schema: AnySchema, input: unknown): InputProblem | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const node = resolve(schema as unknown as SchemaNode, input);
  if (node?.type !== 'object' && node?.type !== 'strict_object') return null;
  const known = node.entries ?? {};
  const unknown = Object.keys(input).find((key) => !Object.hasOwn(known, key));
  return unknown === undefined ? null : { field: unknown, reason: 'unknown field' };
}

/**
 * The -4 of a failed valibot parse: the first issue's field path (after `prefix`, a pushed
 * mutation's `args.`) and its reason in both languages.
 */
export function issueToBadParameter(issues: readonly v.BaseIssue<unknown>[], prefix = ''): AppError {
  const issue = issues[0];
  const field = issue?.path?.map((p) => String(p.key)).join('.') || 'body';
  return badParameter({ field: `${prefix}${field}`, reason: issue ? issueReason(issue) : 'invalid' });
}

/** An operation's input, checked: the guard above, then the call's schema. */
export async function parseInput({ schema, raw }: { schema: AnySchema; raw: unknown }): Promise<unknown> {
  const problem = findMalformedValue({ value: raw, schema }) ?? findUnknownField(schema, raw);
  if (problem) throw badParameter(problem);
  const parsed = await v.safeParseAsync(schema, raw);
  if (!parsed.success) throw issueToBadParameter(parsed.issues);
  return parsed.output;
}
