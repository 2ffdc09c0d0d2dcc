// Records the checksum of every migration file, SQLite's (migrations/) and PostgreSQL's
// (migrations/postgres/). Run once when a new migration is added:
//   node --import tsx scripts/migration-checksums.ts
// Already-recorded migrations keep their recorded sum, so an edit to a landed one still fails the test.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

for (const dir of ['migrations', 'migrations/postgres']) {
  const file = `${dir}/checksums.json`;
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  for (const name of readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort()) {
    const key = name.replace(/\.ts$/, '');
    current[key] ??= createHash('sha256')
      .update(readFileSync(`${dir}/${name}`))
      .digest('hex');
  }
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  console.log(file, current);
}
