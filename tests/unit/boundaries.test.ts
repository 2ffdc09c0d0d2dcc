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

/**
 * Layers inside the client: src/app composes features and shared widgets into the app; a
 * feature never imports src/app (it navigates through src/lib/navigation.ts, which the router
 * registers into); src/ui holds widgets any feature may use, so it imports neither a feature
 * nor src/app (the app hands a header its status widget, src/ui/ScreenHeader.tsx). And no
 * module of sync/ or src/ reaches itself through its imports (types and lazy imports count):
 * shared field schemas go in a leaf module (sync/protocol-fields.ts) instead.
 */
const clientLayers: ReadonlyArray<{ from: string; never: readonly string[] }> = [
  { from: 'src/ui/', never: ['src/features/', 'src/app/'] },
  { from: 'src/features/', never: ['src/app/'] },
];

/** Where a relative import lands, as a path from the repository root. */
function targetOf(file: string, spec: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
}

function clientLayerViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const rule = clientLayers.find((r) => file.startsWith(r.from));
    if (!rule) continue;
    for (const spec of importsOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = targetOf(file, spec);
      if (rule.never.some((layer) => target.startsWith(layer))) out.push(`${file} -> ${target}`);
    }
  }
  return out;
}

/** Every import cycle among the files (strongly connected groups of two or more, and self-imports), each sorted. */
function importCycles(files: readonly SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.file));
  const edges = new Map<string, string[]>();
  for (const { file, text } of files) {
    const targets = importsOf(text)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => targetOf(file, spec))
      .filter((target) => known.has(target));
    edges.set(file, targets);
  }
  // Tarjan's strongly connected components, iterative enough for a few thousand files.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)?.includes(file)) cycles.push(group.sort());
  };
  for (const { file } of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('client layers and import cycles', () => {
  it('hold in src/: src/ui imports no feature and nothing of src/app, and no feature imports src/app', () => {
    const files = sourceFiles('src');
    expect(files.filter((f) => f.file.startsWith('src/ui/')).length).toBeGreaterThan(10);
    expect(clientLayerViolations(files)).toEqual([]);
  });

  it('catch a widget importing a feature or the app, and a feature importing the app', () => {
    const violations = clientLayerViolations([
      { file: 'src/ui/BottomNav.tsx', text: "import { TodayLink } from '../features/notify/TodayLink.tsx';" },
      { file: 'src/ui/Header.tsx', text: "const m = await import('../app/router.tsx');" },
      { file: 'src/features/auth/auth-actions.ts', text: "import { router } from '../../app/router.tsx';" },
      { file: 'src/features/a/b.tsx', text: "import { toast } from '../../ui/toast.tsx';" },
      { file: 'src/app/App.tsx', text: "import { forceLogout } from '../features/auth/auth-actions.ts';" },
      { file: 'src/features/a/c.ts', text: "import { navigate } from '../../lib/navigation.ts';" },
    ]);
    expect(violations).toEqual([
      'src/ui/BottomNav.tsx -> src/features/notify/TodayLink.tsx',
      'src/ui/Header.tsx -> src/app/router.tsx',
      'src/features/auth/auth-actions.ts -> src/app/router.tsx',
    ]);
  });

  it('find no import cycle among the modules of sync/ or of src/', () => {
    expect(importCycles(sourceFiles('sync'))).toEqual([]);
    expect(importCycles(sourceFiles('src'))).toEqual([]);
  });

  it('catch a cycle through type imports, lazy imports or more than two files', () => {
    const cycles = importCycles([
      { file: 'sync/protocol.ts', text: "import type { Change } from './protocol-responses.ts';" },
      { file: 'sync/protocol-responses.ts', text: "import { cursorSchema } from './protocol.ts';" },
      { file: 'sync/protocol-fields.ts', text: "import * as v from 'valibot';" },
      { file: 'src/app/router.tsx', text: "import { adminRoutes } from './routes/admin.routes.tsx';" },
      {
        file: 'src/app/routes/admin.routes.tsx',
        text: "const S = lazyRouteComponent(() => import('../../features/admin/MemberScreen.tsx'));",
      },
      { file: 'src/features/admin/MemberScreen.tsx', text: "import { router } from '../../app/router.tsx';" },
      { file: 'src/features/admin/leaf.ts', text: "import { router } from '../../app/router.tsx';" },
    ]);
    expect(cycles).toEqual([
      ['sync/protocol-responses.ts', 'sync/protocol.ts'],
      ['src/app/router.tsx', 'src/app/routes/admin.routes.tsx', 'src/features/admin/MemberScreen.tsx'],
    ]);
  });
});
