import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
