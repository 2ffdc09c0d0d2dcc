// Part of `npm run check`: every user-visible string goes through Lingui and has a Korean
// translation. Extracts the catalogs, then fails on a message without Korean text, on Korean
// written directly in a component, or on English a user would read that bypasses Lingui (JSX
// text, or a plain string in placeholder, title, alt, aria-label... : scripts/jsx-text.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unwrappedEnglish } from './jsx-text.ts';
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
  const text = readFileSync(file, 'utf8');
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
    if (hangul.test(code)) problems.push(`${file}:${i + 1}: Korean text outside Lingui: ${line.trim()}`);
  });
  for (const found of unwrappedEnglish(text, file)) {
    problems.push(`${file}:${found}: English text outside Lingui (wrap it in t\`\` or <Trans>)`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} i18n problem(s). Add translations with scripts/i18n-fill.ts.`);
  process.exit(1);
}
console.log(
  'i18n: every message has a Korean translation; no Korean or unwrapped English text in components',
);
