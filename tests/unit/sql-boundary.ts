/**
 * SQL lives in repositories (docs/conventions.md, "Database"): a server file that is not a
 * repository, the database module, a seed or test code holds no kysely query builder, no `sql`
 * template and no raw SQLite handle. Services, routes, mutators and jobs call repository
 * functions, which take the kysely handle they run on (`Db | Tx`), so the PostgreSQL port is a
 * port of the repositories. Routes and mutators also never call a repository themselves: they
 * call services.
 *
 * Kept apart from boundaries.test.ts so a test can point it at sample source text.
 */

export interface SourceText {
  /** Path from the repository root, with forward slashes. */
  file: string;
  text: string;
}

/** Where SQL may be written: repositories, the database module, seeds, the process start, test code. */
export function maySpeakSql(file: string): boolean {
  if (!file.startsWith('server/')) return true;
  return (
    file.endsWith('.repository.ts') ||
    // A repository's reads written for PostgreSQL (server/sync/pull.postgres.ts).
    file.endsWith('.postgres.ts') ||
    file.startsWith('server/db/') ||
    // Seeds load demo data in bulk on the raw connection.
    file.endsWith('.seed.ts') ||
    file.startsWith('server/seed/') ||
    // The process start opens the database, migrates it and runs the seeds.
    file === 'server/main.ts' ||
    /\.test\.ts$|\.fixtures?\.ts$|^server\/testing\//.test(file)
  );
}

/** Types (Selectable, Generated…) may come from kysely; values (sql, expressionBuilder…) may not. */
function importsKyselyValue(code: string): boolean {
  for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]kysely['"]/g)) {
    if (m[1]) continue;
    const names = (m[2] ?? '').split(',').map((n) => n.trim());
    if (names.some((n) => n !== '' && !n.startsWith('type '))) return true;
  }
  return false;
}

const matches = (pattern: RegExp) => (code: string) => pattern.test(code);

const SQL_PATTERNS: ReadonlyArray<{ name: string; test: (code: string) => boolean }> = [
  {
    name: 'a query builder',
    test: matches(
      /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom|with|withRecursive|executeQuery)\s*\(/,
    ),
  },
  {
    name: 'an sql template',
    test: matches(/\bsql\s*(<[^>]*>\s*)?`|\bsql\.(raw|ref|lit|id|join|table|val)\s*\(/),
  },
  { name: 'kysely imported', test: importsKyselyValue },
  {
    name: 'a raw SQLite handle',
    // The identifier (ctx.sqlite, { sqlite }), not the word in a path or a string ('sqlite', sqlite-backup.ts).
    test: matches(/(?<!['"/\w-])sqlite(?!['"\w-])|from\s+['"]better-sqlite3['"]|\brawSqlite\s*\(/),
  },
  { name: 'a prepared statement', test: matches(/\bcached(On)?\s*\(\s*\{|\.prepare\s*\(|\.pragma\s*\(/) },
];

/** The text without comments, so a comment may name what the code may not hold. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
}

/** Calls a repository directly (routes and mutators go through a service). */
const REPOSITORY_IMPORT = /from\s+['"][^'"]*\.repository(\.ts)?['"]/;

function isRouteOrMutator(file: string): boolean {
  return /\.(routes|mutators)\.ts$/.test(file) || file === 'server/sync/registry.ts';
}

/** Every place SQL is written where it may not be, as "file -> what". */
export function sqlOutsideRepositories(files: readonly SourceText[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    if (maySpeakSql(file)) continue;
    const code = withoutComments(text);
    for (const { name, test } of SQL_PATTERNS) {
      if (test(code)) out.push(`${file} -> ${name}`);
    }
    if (isRouteOrMutator(file) && REPOSITORY_IMPORT.test(code)) out.push(`${file} -> a repository called`);
  }
  return out;
}
