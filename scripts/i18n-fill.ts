// Fills empty Korean translations from a JSON file of {"English source": "한국어"} pairs:
//   npm run i18n:extract && node --import tsx scripts/i18n-fill.ts my-strings.json
import { readFileSync } from 'node:fs';
import { readPo, writePoTranslations } from './po.ts';

const file = 'src/i18n/locales/ko.po';
const source = process.argv[2];
if (!source) throw new Error('usage: i18n-fill.ts translations.json');
const translations = JSON.parse(readFileSync(source, 'utf8')) as Record<string, string>;
const filled = writePoTranslations(file, translations);
const missing = readPo(file)
  .entries.filter((e) => e.msgstr === '')
  .map((e) => e.msgid);
console.log(`filled ${filled}; still missing ${missing.length}`);
for (const m of missing) console.log(`  ${JSON.stringify(m)}`);
