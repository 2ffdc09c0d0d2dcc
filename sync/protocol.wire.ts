import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { mutators } from './mutators.ts';
import { PROTOCOL_VERSION, pullRequestSchema, pushRequestSchema } from './protocol.ts';
import { pullResponseSchema, pushResponseSchema } from './protocol-responses.ts';

/**
 * Everything that travels between device and server, as JSON Schema: the push and pull
 * messages and every offline operation's arguments. sync/protocol.test.ts compares it with
 * the file recorded for the current protocol version and with the hash in protocolHistory.
 */
export function wireDescription() {
  const schema = (s: v.GenericSchema, typeMode: 'input' | 'output') => {
    const { $schema: _drop, ...rest } = toJsonSchema(s, {
      target: 'draft-2020-12',
      errorMode: 'ignore',
      typeMode,
    }) as Record<string, unknown>;
    return rest;
  };
  return {
    protocol_version: PROTOCOL_VERSION,
    push_request: schema(pushRequestSchema, 'input'),
    push_response: schema(pushResponseSchema, 'output'),
    pull_request: schema(pullRequestSchema, 'input'),
    pull_response: schema(pullResponseSchema, 'output'),
    operations: Object.fromEntries(
      Object.entries(mutators).map(([name, m]) => [name, schema(m.args as v.GenericSchema, 'input')]),
    ),
  };
}

/** The recorded form: stable, readable JSON. */
export function wireText(): string {
  return `${JSON.stringify(wireDescription(), null, 2)}\n`;
}
