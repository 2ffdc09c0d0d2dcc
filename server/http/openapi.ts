import { type ConversionConfig, toJsonSchema } from '@valibot/to-json-schema';
import type { AnySchema } from '../../sync/api/contract.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import type { Operation } from './operation.ts';
import { responseSchemaOf } from './responses.ts';

type JsonSchema = Record<string, unknown>;

const NUMERIC_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

/**
 * What valibot's converter writes that a validating client would misread, put right:
 * - a number that may also come as its digits (`v.union([v.number(), digit string])` piped into
 *   `v.integer()` and a range) comes out as `anyOf` beside `type: integer`, which no value meets
 *   as a string: the type and range move into the number branch, the string keeps its pattern;
 * - a list of files that may also be one file comes out with `minLength/maxLength` (a string's
 *   keywords) beside the `anyOf`: they are the list's item count, `minItems/maxItems`.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = tidy(value);
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(branches)) return out;
  if (out.type === 'integer' || out.type === 'number') {
    const numeric: JsonSchema = { type: out.type };
    for (const k of NUMERIC_KEYWORDS) if (k in out) numeric[k] = out[k];
    out.anyOf = branches.map((b) => (b.type === 'number' ? { ...b, ...numeric } : b));
    delete out.type;
    for (const k of NUMERIC_KEYWORDS) delete out[k];
  }
  const arrayBranch = branches.findIndex((b) => b.type === 'array');
  if (arrayBranch >= 0 && ('minLength' in out || 'maxLength' in out)) {
    const items: JsonSchema = {};
    if ('minLength' in out) items.minItems = out.minLength;
    if ('maxLength' in out) items.maxItems = out.maxLength;
    out.anyOf = (out.anyOf as JsonSchema[]).map((b, i) => (i === arrayBranch ? { ...b, ...items } : b));
    delete out.minLength;
    delete out.maxLength;
  }
  return out;
}

const convert = (schema: AnySchema, typeMode: ConversionConfig['typeMode']): JsonSchema => {
  const { $schema: _drop, ...json } = toJsonSchema(schema as never, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    // A file of a multipart upload, and a file answered by a download.
    overrideSchema: ({ valibotSchema }) =>
      valibotSchema.type === 'instance' || valibotSchema.type === 'blob'
        ? { type: 'string', format: 'binary' }
        : undefined,
  }) as JsonSchema;
  return tidy(json) as JsonSchema;
};

/** The request schema, with what the server refuses beyond the schema's own rules said in it. */
function inputSchemaOf(op: Operation): JsonSchema {
  const schema = convert(op.call.input, 'input');
  const rules = op.call.documentedRequired;
  if (!rules) return schema;
  const properties = schema.properties as Record<string, JsonSchema>;
  const target = rules.at ? (properties[rules.at] as JsonSchema) : schema;
  target.required = [...new Set([...((target.required as string[]) ?? []), ...rules.fields])];
  if (rules.oneOf) target.anyOf = rules.oneOf.map((field) => ({ required: [field] }));
  return schema;
}

function securityOf(op: Operation): Array<Record<string, string[]>> {
  return op.access.kind === 'public' ? [] : [{ accessToken: [], deviceId: [] }];
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Every refusal an operation can answer, each the error envelope (spec §8 codes). */
function refusalsOf(op: Operation): Record<string, unknown> {
  return {
    '400': ref('BadParameter'),
    ...(op.access.kind === 'public' ? {} : { '401': ref('SessionEnded'), '403': ref('NotAllowed') }),
    '404': ref('NotFound'),
    '409': ref('AlreadyExists'),
    ...(op.call.method === 'post' ? { '413': ref('TooLarge') } : {}),
    '422': ref('RuleRefused'),
    '429': ref('TooMany'),
    '500': ref('Unexpected'),
    '502': ref('ProviderFailed'),
    '503': ref('ProviderUnavailable'),
  };
}

function successOf(op: Operation): Record<string, unknown> {
  const { call } = op;
  if (call.download) {
    return {
      description: 'The file on success (name in Content-Disposition); a refusal is the envelope',
      content: { [call.download.contentType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const data = responseSchemaOf(op);
  return {
    description: 'Envelope with code 0 and the answer in data',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          additionalProperties: false,
          properties: {
            code: { type: 'integer', const: 0 },
            msg: { type: 'string', description: 'A success message to show, or empty' },
            data: data ? convert(data, 'output') : {},
          },
        },
      },
    },
  };
}

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/**
 * OpenAPI 3.1 built from the same operation list and valibot schemas the server validates
 * requests with and the API tests check answers with, so the document cannot drift from the code.
 */
export function buildOpenApi({ operations, version }: { operations: readonly Operation[]; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const schema = inputSchemaOf(op);
    const { call } = op;
    const operation: Record<string, unknown> = {
      operationId: call.operationId,
      summary: call.summary,
      tags: [call.tag],
      security: securityOf(op),
      'x-access': op.access,
      responses: { '200': successOf(op), ...refusalsOf(op) },
    };
    if (call.method === 'get') {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      operation.parameters = Object.entries(properties).map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: s,
      }));
    } else {
      operation.requestBody = {
        // Required when the body has a field that must be there; a call of optional fields takes none.
        required: ((schema.required as string[] | undefined) ?? []).length > 0,
        content: { [call.multipart ? 'multipart/form-data' : 'application/json']: { schema } },
      };
    }
    const path = `${API_BASE}${call.path}`;
    paths[path] = { ...(paths[path] ?? {}), [call.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '분양톡 API',
      version,
      description:
        'Every response is the envelope {code, msg, data}; code 0 is success with the answer in data, any other code (spec §8) a refusal whose msg is shown to the member.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: Headers.accessToken },
        deviceId: { type: 'apiKey', in: 'header', name: Headers.deviceId },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          additionalProperties: false,
          properties: {
            code: { type: 'integer', enum: [-1, -2, -3, -4, -7, -8, -9, -11, -12] },
            msg: { type: 'string', description: 'What went wrong, in the language asked (accept-language)' },
            data: {
              description:
                'Details when there are any: the field refused (-4), the request id (an unexpected error), a reason',
            },
          },
        },
      },
      responses: {
        BadParameter: refusal('code -4: bad parameter (data.field names it, msg says why)'),
        SessionEnded: refusal('code -2, -3, -7 or -9: no session, expired, another device, status changed'),
        NotAllowed: refusal('code -1 or -12: not allowed (not a group member is -12)'),
        NotFound: refusal('code -1: what was asked for does not exist for the caller'),
        AlreadyExists: refusal('code -11: already exists (already reported today, already a member)'),
        TooLarge: refusal('code -4: the body is over the call’s size limit'),
        RuleRefused: refusal('code -1 or -8: a rule of the product refused it (msg says which)'),
        TooMany: refusal('code -1: too many requests (codes, look-ups): try again later'),
        Unexpected: refusal('code -1: an unexpected error (data.request_id)'),
        ProviderFailed: refusal('code -1: an outside service (payment) answered with an error'),
        ProviderUnavailable: refusal('code -1: an outside service (SMS, public data) cannot be reached now'),
      },
    },
    paths,
  };
}
