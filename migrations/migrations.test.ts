import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { migrations } from './index.ts';
import { postgresMigrations } from './postgres/index.ts';

const dir = new URL('.', import.meta.url);
const checksums = JSON.parse(readFileSync(new URL('checksums.json', dir), 'utf8')) as Record<string, string>;

/** Both sets of migrations: SQLite's here, PostgreSQL's in postgres/ (frozen alike). */
const sets = [
  { dir, listed: migrations, checksums },
  {
    dir: new URL('postgres/', dir),
    listed: postgresMigrations,
    checksums: JSON.parse(readFileSync(new URL('postgres/checksums.json', dir), 'utf8')) as Record<
      string,
      string
    >,
  },
];

describe('migrations', () => {
  it('apply in order on an empty database and give the recorded schema', async () => {
    const handle = openDatabase({ file: ':memory:' });
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(Object.keys(migrations));
    expect(applied).toEqual([...applied].sort());
    const schema = handle.sqlite
      .prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
      )
      .all() as Array<{ type: string; name: string; sql: string }>;
    const text = schema.map((row) => `-- ${row.type} ${row.name}\n${row.sql};\n`).join('\n');
    await expect(text).toMatchFileSnapshot('./__snapshots__/schema.sql');
    await handle.close();
  });

  it('running them again changes nothing', async () => {
    const handle = openDatabase({ file: ':memory:' });
    await migrateToLatest(handle.db);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    await handle.close();
  });

  it('are frozen: a landed migration file is never edited (SQLite and PostgreSQL)', () => {
    for (const set of sets) {
      const files = readdirSync(set.dir).filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'));
      expect(files.map((f) => f.replace(/\.ts$/, ''))).toEqual(Object.keys(set.listed));
      for (const file of files) {
        const name = file.replace(/\.ts$/, '');
        const sum = createHash('sha256')
          .update(readFileSync(new URL(file, set.dir)))
          .digest('hex');
        expect(set.checksums[name], `${name} must be listed in its checksums.json`).toBeDefined();
        expect(sum, `${name} changed after it landed; add a new migration instead`).toBe(set.checksums[name]);
      }
    }
  });

  it('never import application code', () => {
    for (const file of sets.flatMap((set) =>
      readdirSync(set.dir)
        .filter((f) => /^\d{4}_.+\.ts$/.test(f))
        .map((f) => new URL(f, set.dir)),
    )) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.every((i) => i === 'kysely'),
        `${file} imports ${imports.join(', ')}`,
      ).toBe(true);
    }
  });
});
