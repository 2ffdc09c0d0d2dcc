import { readFileSync, writeFileSync } from 'node:fs';

/** The bits of a gettext catalog the project's scripts need: msgid → msgstr, in file order. */
export interface PoEntry {
  msgid: string;
  msgstr: string;
  /** Line index of the msgstr line, for rewriting in place. */
  msgstrLine: number;
  msgstrEndLine: number;
}

function unquote(line: string): string {
  const m = /^(?:msgid|msgstr|msgctxt)?\s*"(.*)"\s*$/.exec(line.trim());
  return m ? JSON.parse(`"${m[1]}"`) : '';
}

export function readPo(file: string): { lines: string[]; entries: PoEntry[] } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const entries: PoEntry[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.startsWith('msgid ')) {
      let msgid = unquote(line);
      i++;
      while ((lines[i] ?? '').startsWith('"')) msgid += unquote(lines[i++] ?? '');
      if (!(lines[i] ?? '').startsWith('msgstr ')) continue;
      const start = i;
      let msgstr = unquote(lines[i] ?? '');
      i++;
      while ((lines[i] ?? '').startsWith('"')) msgstr += unquote(lines[i++] ?? '');
      if (msgid !== '') entries.push({ msgid, msgstr, msgstrLine: start, msgstrEndLine: i - 1 });
      continue;
    }
    i++;
  }
  return { lines, entries };
}

export function writePoTranslations(file: string, translations: Record<string, string>): number {
  const { lines, entries } = readPo(file);
  let filled = 0;
  // Rewrite from the end so earlier line numbers stay valid.
  for (const entry of [...entries].reverse()) {
    const ko = translations[entry.msgid];
    if (ko === undefined || entry.msgstr !== '') continue;
    lines.splice(
      entry.msgstrLine,
      entry.msgstrEndLine - entry.msgstrLine + 1,
      `msgstr ${JSON.stringify(ko)}`,
    );
    filled++;
  }
  writeFileSync(file, lines.join('\n'));
  return filled;
}
