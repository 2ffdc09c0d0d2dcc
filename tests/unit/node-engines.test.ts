import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the Node version the README promises', () => {
  it('is the floor package.json declares', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20');
    expect(readFileSync('README.md', 'utf8')).toContain('Needs Node.js 20 or newer');
  });

  it('runs npm ci without a package warning that it needs a newer Node', async () => {
    // npm reads only the manifest and the lockfile here: a dry run, offline, no install scripts.
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-engines-'));
    dirs.push(dir);
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(file, path.join(dir, file));
    const { stdout, stderr } = await run(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    const warnings = `${stdout}\n${stderr}`
      .split('\n')
      .filter((line) => line.includes('EBADENGINE') && line.includes('package:'));
    expect(warnings).toEqual([]);
  }, 120_000);
});
