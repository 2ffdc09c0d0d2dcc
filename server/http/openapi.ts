import { toJsonSchema } from '@valibot/to-json-schema';
import { API_BASE, Headers } from '../../sync/codes.ts';
import type { Operation } from './operation.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(op: Operation): JsonSchema {
  const { $schema: _drop, ...schema } = toJsonSchema(op.call.input as never, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonSchema;
  return schema;
}

function securityOf(op: Operation): Array<Record<string, string[]>> {
  return op.access.kind === 'public' ? [] : [{ accessToken: [], deviceId: [] }];
}

/**
 * OpenAPI 3.1 built from the same operation list and valibot schemas the server
 * validates with, so the document cannot drift from the code.
 */
export function buildOpenApi({ operations, version }: { operations: readonly Operation[]; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const schema = schemaOf(op);
    const { call } = op;
    const operation: Record<string, unknown> = {
      operationId: call.operationId,
      summary: call.summary,
      tags: [call.tag],
      security: securityOf(op),
      'x-access': op.access,
      responses: {
        '200': call.download
          ? {
              description: 'The file on success (name in Content-Disposition); a refusal is the envelope',
              content: { [call.download.contentType]: { schema: { type: 'string', format: 'binary' } } },
            }
          : {
              description: 'Envelope with code 0 (success) or a business code of spec §8',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
            },
        '400': { description: 'code -4: bad parameter (field and reason in msg)' },
        '401': { description: 'code -2, -3, -7 or -9: no session, expired, other device, status changed' },
        '403': { description: 'code -1 or -12: not allowed' },
      },
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
        required: false,
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
      description: 'Every response is the envelope {code, msg, data}; codes are those of spec §8.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: Headers.accessToken },
        deviceId: { type: 'apiKey', in: 'header', name: Headers.deviceId },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: {
            code: { type: 'integer', enum: [0, -1, -2, -3, -4, -7, -8, -9, -11, -12] },
            msg: { type: 'string' },
            data: {},
          },
        },
      },
    },
    paths,
  };
}
