import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { operations } from '../operations.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { responseSchemas } from './responses.ts';

/**
 * The OpenAPI document as an output contract (issue 29): a maintained validator accepts it, every
 * operation describes the `data` it answers from the shared response schemas, refusals are the
 * error envelope under every status the server uses, and numbers a client may send as digits
 * are described without contradiction.
 */

type Json = Record<string, unknown>;
let t: TestApp;
let doc: Json & { paths: Record<string, Record<string, Json>> };

beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as typeof doc;
});
afterAll(async () => {
  await t?.close();
});

const allOperations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

/** Every schema node of the document, with where it is. */
function* nodes(value: unknown, at = '#'): Generator<{ at: string; node: Json }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* nodes(item, `${at}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    yield { at, node: value as Json };
    for (const [key, item] of Object.entries(value)) yield* nodes(item, `${at}/${key}`);
  }
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document to a maintained validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has a response schema for every operation and none for an operation that does not exist', () => {
    const ids = operations.map((op) => op.call.operationId).sort();
    expect(Object.keys(responseSchemas).sort()).toEqual(ids);
  });

  it('describes the data of at least 95% of the operations with properties or items', () => {
    const described = allOperations().filter(({ op }) => {
      const ok = (op.responses as Json)['200'] as Json;
      const content = ok.content as Record<string, { schema: Json }>;
      const json = content['application/json']?.schema;
      if (!json) return false; // a file download (its content type is the answer): not counted
      const data = (json.properties as Record<string, Json>).data as Json;
      // Calls that answer nothing say `type: null`, exactly, but are not counted either.
      return 'properties' in data || 'items' in data;
    });
    expect(described.length / allOperations().length).toBeGreaterThanOrEqual(0.95);
  });

  it('lists the error envelope under every refusal status an operation can answer', () => {
    for (const { path, method, op } of allOperations()) {
      const responses = op.responses as Record<string, Json>;
      const statuses = Object.keys(responses);
      expect(statuses, `${method} ${path}`).toEqual(
        expect.arrayContaining(['400', '404', '409', '422', '429']),
      );
      if ((op.security as unknown[]).length > 0)
        expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
      for (const status of statuses.filter((s) => s !== '200')) {
        expect(responses[status]).toEqual({ $ref: expect.stringMatching(/^#\/components\/responses\//) });
      }
    }
    const envelope = (doc.components as Json).schemas as Record<string, Json>;
    expect(envelope.ErrorEnvelope).toMatchObject({ required: ['code', 'msg', 'data'] });
  });

  it('never describes a number as type integer beside an anyOf that allows strings', () => {
    const contradictions = [...nodes(doc)]
      .filter(({ node }) => 'type' in node && Array.isArray(node.anyOf))
      .filter(({ node }) => (node.anyOf as Json[]).some((b) => b.type === 'string'))
      .map(({ at }) => at);
    expect(contradictions).toEqual([]);
  });

  it('counts the files of a multi-file upload with minItems and maxItems', () => {
    const upload = doc.paths['/api/v1/upload/images']?.post as Json;
    const body = (upload.requestBody as Json).content as Record<string, { schema: Json }>;
    const form = body['multipart/form-data'] as { schema: Json };
    const files = (form.schema.properties as Record<string, Json>).files as Json;
    expect(files).not.toHaveProperty('minLength');
    expect(files.anyOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'array', minItems: 1, maxItems: 5 })]),
    );
  });

  it('marks a body required when it has required fields', () => {
    const body = (id: string) =>
      allOperations().find(({ op }) => op.operationId === id)?.op.requestBody as Json;
    expect(body('login').required).toBe(true);
    expect(body('getCommunityList').required).toBe(false);
  });
});

describe('what the document says is required', () => {
  it('is refused by the server when left out of a new site’s save or an unregistered-site report', async () => {
    const { newOpenSite, unregisteredReport } = await import('../../tests/support/registration-data.ts');
    const { member } = await import('../sites/registration.fixtures.ts');
    const { token } = await member(t);
    const cases = [
      {
        id: 'addSite_app',
        path: '/site/addSite_app',
        make: (changes: Json) => ({ site_type: 'O', changes }),
        full: newOpenSite() as Json,
      },
      {
        id: 'addUnregisteredSite',
        path: '/site/addUnregisteredSite',
        make: (b: Json) => b,
        full: unregisteredReport() as Json,
      },
    ];
    for (const c of cases) {
      const op = allOperations().find(({ op }) => op.operationId === c.id)?.op as Json;
      const schema = ((op.requestBody as Json).content as Record<string, { schema: Json }>)[
        'application/json'
      ]?.schema as Json;
      const at =
        c.id === 'addSite_app' ? ((schema.properties as Record<string, Json>).changes as Json) : schema;
      const required = at.required as string[];
      expect(required.length).toBeGreaterThan(0);
      for (const field of required) {
        const { [field]: _left, ...rest } = c.full;
        const res = await t.call(c.path, { token, body: c.make(rest) });
        expect(res.code, `${c.id} without ${field}`).toBe(ResultCode.badParameter);
        expect((res.data as { field?: string }).field, `${c.id} without ${field}`).toBe(field);
      }
      const { f_address1: _a, f_address2: _b, ...noAddress } = c.full;
      const res = await t.call(c.path, { token, body: c.make(noAddress) });
      expect((res.data as { field?: string }).field, `${c.id} without an address`).toBe('f_address1');
      expect((at.anyOf as Json[]).map((a) => a.required)).toEqual([['f_address1'], ['f_address2']]);
    }
  });
});
