// The npm registry this project installs from lacks many platform-specific optional
// packages (other OSes' binaries of biome, rollup, ...). npm then leaves them out of
// package-lock.json and `npm ci` refuses the lockfile. This script finds optional
// dependencies missing from the lockfile and, with --fix, records them with the os/cpu
// their name says, so `npm ci` skips them on this platform as it should.
//   node --import tsx scripts/lockfile.ts         # check (part of npm test)
//   node --import tsx scripts/lockfile.ts --fix   # after `npm install <pkg>`
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  [k: string]: unknown;
}

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
const missing: Array<{ key: string; name: string; version: string; dev: boolean }> = [];

for (const [key, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    missing.push({
      key: `node_modules/${name}`,
      name,
      version: range.replace(/^[\^~=]/, ''),
      dev: entry.dev === true,
    });
  }
}

function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const os = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'].find(
    (o) => name.includes(o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'].find((c) =>
    new RegExp(`[-_]${c}(?:[-_]|$)`).test(name),
  );
  const libc = name.includes('musl') ? ['musl'] : name.includes('gnu') ? ['glibc'] : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc } : {}) };
}

if (process.argv.includes('--fix')) {
  for (const m of missing) {
    packages[m.key] = {
      version: m.version,
      ...(m.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(m.name),
    };
  }
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(`recorded ${missing.length} missing optional package(s)`);
} else if (missing.length > 0) {
  console.error(
    `package-lock.json lacks optional packages npm ci needs: ${missing.map((m) => m.name).join(', ')}`,
  );
  console.error('run: node --import tsx scripts/lockfile.ts --fix');
  process.exit(1);
} else {
  console.log('lockfile: every optional dependency is recorded');
}
