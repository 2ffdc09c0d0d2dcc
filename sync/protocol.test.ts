import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, protocolHistory } from './protocol.ts';
import { wireText } from './protocol.wire.ts';

/** Hashes the JSON's content, not its layout. */
const sha256 = (text: string) =>
  createHash('sha256')
    .update(JSON.stringify(JSON.parse(text)))
    .digest('hex');
const fileOf = (version: number) =>
  new URL(`./__snapshots__/protocol-v${version}.json.snap`, import.meta.url);

describe('the sync protocol version', () => {
  it('matches the wire format recorded for the current version', async () => {
    await expect(wireText()).toMatchFileSnapshot(`./__snapshots__/protocol-v${PROTOCOL_VERSION}.json.snap`);
  });

  it('changes whenever the wire format changes: the latest history entry holds its hash', () => {
    const latest = protocolHistory.at(-1);
    expect(latest?.version).toBe(PROTOCOL_VERSION);
    expect(
      sha256(wireText()),
      'The push/pull messages or an operation’s arguments changed. Bump PROTOCOL_VERSION, add a protocolHistory entry saying what changed, with this hash, and record the new file with `npx vitest run -u sync/protocol`.',
    ).toBe(latest?.wireHash);
  });

  it('keeps the recorded wire format of every earlier version untouched', () => {
    expect(protocolHistory.map((h) => h.version)).toEqual(protocolHistory.map((_, i) => i + 1));
    for (const entry of protocolHistory) {
      expect(entry.changes.length, `version ${entry.version} says what changed`).toBeGreaterThan(0);
      const file = fileOf(entry.version);
      expect(existsSync(file), `sync/__snapshots__/protocol-v${entry.version}.json.snap is kept`).toBe(true);
      expect(
        sha256(readFileSync(file, 'utf8')),
        `protocol v${entry.version} was shipped; never edit it`,
      ).toBe(entry.wireHash);
    }
  });
});
