import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlOutsideRepositories } from './sql-boundary.ts';

/**
 * The layers of the codebase (docs/conventions.md, "Import boundaries"):
 * - sync/ is what client and server share: it imports nothing from src/ or server/;
 * - server/ imports nothing from src/, and src/ nothing from server/ (tests included: what
 *   both need lives in sync/ or in tests/support/);
 * - code that ships never imports tests/ (only tests and fixtures do);
 * - routes wire calls to services: no query builder in a *.routes.ts file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['sync', 'server', 'src'] as const;
type Layer = (typeof LAYERS)[number];

const forbiddenLayers: Record<Layer, readonly string[]> = {
  sync: ['src', 'server', 'tests'],
  server: ['src'],
  src: ['server'],
};

interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  file: string;
  text: string;
}

const IMPORT =
  /\b(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2]) as string);
}

function isTestCode(file: string): boolean {
  return /\.test\.tsx?$|\.fixtures?\.ts$|\/testing\/|\/testing\.ts$/.test(file);
}

/** Every import that crosses a boundary, as "file -> target". */
function boundaryViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const layer = file.split('/')[0] as Layer;
    for (const spec of importsOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const top = target.split('/')[0] ?? '';
      const forbidden = forbiddenLayers[layer].includes(top) || (top === 'tests' && !isTestCode(file));
      if (forbidden) out.push(`${file} -> ${target}`);
    }
    if (
      file.endsWith('.routes.ts') &&
      /from 'kysely'|\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text)
    ) {
      out.push(`${file} -> query builder in a routes file`);
    }
  }
  return out;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => {
      const file = path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      return { file, text: readFileSync(path.join(ROOT, file), 'utf8') };
    });
}

describe('import boundaries', () => {
  it('hold across sync/, server/ and src/', () => {
    const files = LAYERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it('catch a forbidden import, static or dynamic, single or multi-line', () => {
    const violations = boundaryViolations([
      { file: 'sync/mutators.ts', text: "import type { LocalDb } from '../src/db/db.ts';" },
      { file: 'server/sites/x.ts', text: "const m = await import('../../src/db/db.ts');" },
      {
        file: 'src/features/a/b.test.ts',
        text: "import {\n  createTestApp,\n} from '../../../server/testing/fixtures.ts';",
      },
      { file: 'server/points/y.ts', text: "export { a } from '../../tests/support/registration-data.ts';" },
      { file: 'server/users/users.routes.ts', text: "await ctx.db.selectFrom('users').execute();" },
      {
        file: 'server/sites/z.fixtures.ts',
        text: "export { a } from '../../tests/support/registration-data.ts';",
      },
      { file: 'src/ui/ok.tsx', text: "import { Limits } from '../../sync/constants.ts';" },
    ]);
    expect(violations).toEqual([
      'sync/mutators.ts -> src/db/db.ts',
      'server/sites/x.ts -> src/db/db.ts',
      'src/features/a/b.test.ts -> server/testing/fixtures.ts',
      'server/points/y.ts -> tests/support/registration-data.ts',
      'server/users/users.routes.ts -> query builder in a routes file',
    ]);
  });
});

describe('SQL only in repositories', () => {
  it('holds across server/: services, routes, mutators and jobs hold no query', () => {
    const files = sourceFiles('server');
    expect(files.length).toBeGreaterThan(200);
    expect(sqlOutsideRepositories(files)).toEqual([]);
  });

  it('refuses a service with a query builder, an sql template or a raw SQLite handle, and passes one without', () => {
    const service = (text: string) => ({ file: 'server/sample/sample.service.ts', text });
    expect(
      sqlOutsideRepositories([
        service("export const f = ({ ctx }) => ctx.tx.selectFrom('users').selectAll().execute();"),
        service("import { sql } from 'kysely';\nexport const f = (db) => sql`SELECT 1`.execute(db);"),
        service("export const f = ({ ctx }) => ctx.sqlite.prepare('SELECT 1').get();"),
        service("export const f = ({ db }) => cached({ db, sql: 'DELETE FROM sites' }).run();"),
      ]),
    ).toEqual([
      'server/sample/sample.service.ts -> a query builder',
      'server/sample/sample.service.ts -> an sql template',
      'server/sample/sample.service.ts -> kysely imported',
      'server/sample/sample.service.ts -> a raw SQLite handle',
      'server/sample/sample.service.ts -> a prepared statement',
      'server/sample/sample.service.ts -> a prepared statement',
    ]);
    expect(
      sqlOutsideRepositories([
        service(
          [
            "import type { Selectable } from 'kysely';",
            "import { userByPhone } from './sample.repository.ts';",
            '// A comment may say selectFrom( or sqlite.prepare( without holding either.',
            "import { sqliteBackupEngine } from '../db/sqlite-backup.ts';",
            "export const kinds = ['sqlite', 'postgres'] as const;",
            'export const f = ({ ctx, phone }) => userByPhone({ db: ctx.tx, phone });',
          ].join('\n'),
        ),
      ]),
    ).toEqual([]);
  });

  it('lets repositories, the database module, seeds and tests hold SQL, and keeps routes and mutators off repositories', () => {
    const query = "export const f = (db) => db.selectFrom('users').selectAll().execute();";
    expect(
      sqlOutsideRepositories([
        { file: 'server/sample/sample.repository.ts', text: query },
        { file: 'server/sample/sample.postgres.ts', text: query },
        { file: 'server/db/sample.ts', text: query },
        { file: 'server/sample/sample.seed.ts', text: query },
        { file: 'server/sample/sample.test.ts', text: query },
        { file: 'server/sample/sample.job.ts', text: query },
        {
          file: 'server/sample/sample.routes.ts',
          text: "import { userPage } from './sample.repository.ts';",
        },
        {
          file: 'server/sample/sample.mutators.ts',
          text: "import { saveThing } from './sample.service.ts';",
        },
      ]),
    ).toEqual([
      'server/sample/sample.job.ts -> a query builder',
      'server/sample/sample.routes.ts -> a repository called',
    ]);
  });
});
