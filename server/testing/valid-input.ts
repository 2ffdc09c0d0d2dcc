import * as v from 'valibot';
import type { AnySchema } from '../../sync/api/contract.ts';

/**
 * One valid input for a valibot schema, built from the schema objects themselves so a new
 * operation gets one without a hand-written sample: every field is filled (optional ones
 * too, so each can be spoiled in turn). Strings and numbers are picked from a few candidates
 * by the field's own schema (its regex, range, picklist), so formats need no table per call.
 * Rules across fields (a plan made of three numbers, min before max) are the caller's to
 * settle with an override; `v.safeParse` on the result says whether it is valid.
 */

interface Node {
  type: string;
  wrapped?: Node;
  entries?: Record<string, Node>;
  options?: readonly unknown[];
  item?: Node;
  literal?: unknown;
  class?: unknown;
  key?: Node;
  value?: Node;
}

const STRING_CANDIDATES = [
  'a',
  '01012345678',
  '123456',
  'abcdefgh12',
  '09:00',
  '2024-01-01',
  '2024-01',
  '1',
  '1111111111',
  'v1',
  '/uploads/a.jpg',
  'abc',
  'T',
  // A parcel number (PNU) for the public-data look-ups, and a year.
  '1168010100107370012',
  '2025',
  // A Web Push subscription: the push service URL, the device's P-256 key and auth secret (base64url).
  'https://push.example.com/send/abc',
  'B'.repeat(87),
  'C'.repeat(22),
];
const NUMBER_CANDIDATES = [1, 0, 2, 10, 37.5, 127, -1];

function accepts(schema: Node, value: unknown): boolean {
  return v.safeParse(schema as unknown as v.GenericSchema, value).success;
}

/** A small JPEG-typed file: the server checks image bytes only where an image is stored. */
export function sampleFile(): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'card.jpg', { type: 'image/jpeg' });
}

function sampleOf(node: Node): unknown {
  switch (node.type) {
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish':
      return sampleOf(node.wrapped as Node);
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return Object.fromEntries(
        Object.entries(node.entries ?? {}).map(([key, entry]) => [key, sampleOf(entry)]),
      );
    case 'string':
      return STRING_CANDIDATES.find((c) => accepts(node, c)) ?? 'a';
    case 'number':
      return NUMBER_CANDIDATES.find((c) => accepts(node, c)) ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'literal':
      return node.literal;
    case 'picklist':
      return (node.options ?? []).find((o) => accepts(node, o)) ?? node.options?.[0];
    case 'array': {
      const one = [sampleOf(node.item as Node)];
      return accepts(node, one) ? one : [];
    }
    case 'union':
    case 'variant': {
      const samples = (node.options as Node[]).map(sampleOf);
      return samples.find((s) => accepts(node, s)) ?? samples[0];
    }
    case 'record':
      return { [String(sampleOf(node.key as Node))]: sampleOf(node.value as Node) };
    case 'instance':
      return sampleFile();
    case 'unknown':
    case 'any':
      return {};
    default:
      throw new Error(`no sample for a ${node.type} schema`);
  }
}

/** A valid input for `schema`, with `overrides` laid over its top-level fields. */
export function validInput(
  schema: AnySchema,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const sample = sampleOf(schema as unknown as Node);
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) {
    throw new Error('an operation input is an object');
  }
  return { ...(sample as Record<string, unknown>), ...overrides };
}
