import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { changeSchema } from '../../sync/protocol-responses.ts';
import type { AnyPulledEntity } from './pulled.ts';
import { pulledEntities, pullOwners } from './registry.ts';

/** Every entity a change may carry, read from the protocol's own schema. */
const protocolEntities = [
  ...new Set(
    changeSchema.options.map((option) => (option.entries.t as v.LiteralSchema<string, undefined>).literal),
  ),
].sort();

describe('the pulled entities of the registry', () => {
  it('give every entity of the protocol one owner', () => {
    expect([...pullOwners().keys()].sort()).toEqual(protocolEntities);
    expect(pulledEntities.flatMap((owner) => owner.entities).sort()).toEqual(protocolEntities);
  });

  it('refuse an entity declared by two features', () => {
    const twice: AnyPulledEntity = {
      entities: ['like'],
      changes: async ({ entries }) => ({ changes: entries.map(() => []) }),
    };
    expect(() => pullOwners([...pulledEntities, twice])).toThrow('pulled entity like has two owners');
  });
});
