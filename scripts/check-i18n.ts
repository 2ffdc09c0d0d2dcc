// Part of `npm test`: every user-visible string goes through Lingui and has a Korean
// translation. Extracts the catalogs, then fails on a message without Korean text or on
// Korean written directly in a component.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readPo } from './po.ts';

execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--clean'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

const problems: string[] = [];
for (const e of readPo('src/i18n/locales/ko.po').entries) {
  if (e.msgstr.trim() === '') problems.push(`no Korean translation: ${JSON.stringify(e.msgid)}`);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
for (const file of walk('src').filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
    if (hangul.test(code)) problems.push(`${file}:${i + 1}: Korean text outside Lingui: ${line.trim()}`);
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} i18n problem(s). Add translations with scripts/i18n-fill.ts.`);
  process.exit(1);
}
console.log('i18n: every message has a Korean translation; no Korean literals in components');
