import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPo } from './po.ts';

/**
 * The bundled Korean web font (Pretendard, variable weight) comes as 92 unicode-range subsets:
 * the browser downloads only the subsets of the characters a page shows. The service worker
 * precaches the subsets the app's own text needs (every catalog message, digits and Latin), so
 * the interface looks the same offline from the first visit; a subset only user content needs
 * (a rare syllable in a site name) is cached the first time it is shown.
 */
export const fontCss = 'node_modules/pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';

type Range = readonly [number, number];

/** Each subset's number (as in its file name, `PretendardVariable.subset.<n>.woff2`) and its code points. */
export function parseSubsets(css: string): Map<number, Range[]> {
  const subsets = new Map<number, Range[]>();
  for (const face of css.split('@font-face').slice(1)) {
    const file = /subset\.(\d+)\.woff2/.exec(face);
    const ranges = /unicode-range:\s*([^;]+);/.exec(face);
    if (!file?.[1] || !ranges?.[1]) continue;
    subsets.set(
      Number(file[1]),
      ranges[1].split(',').map((part) => {
        const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
        const start = Number.parseInt(from ?? '', 16);
        return [start, to ? Number.parseInt(to, 16) : start] as const;
      }),
    );
  }
  return subsets;
}

/** The subsets holding the characters of a text. */
export function subsetsFor({ text, subsets }: { text: string; subsets: Map<number, Range[]> }): Set<number> {
  const needed = new Set<number>();
  for (const char of new Set(text)) {
    const code = char.codePointAt(0) ?? 0;
    for (const [n, ranges] of subsets) {
      if (ranges.some(([from, to]) => code >= from && code <= to)) needed.add(n);
    }
  }
  return needed;
}

/** The subsets the interface's own text needs: both catalogs' messages and printable ASCII. */
export function uiFontSubsets(root = process.cwd()): number[] {
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const messages = ['ko', 'en']
    .flatMap((locale) => readPo(join(root, `src/i18n/locales/${locale}.po`)).entries)
    .map((e) => e.msgstr || e.msgid)
    .join('');
  const subsets = parseSubsets(readFileSync(join(root, fontCss), 'utf8'));
  return [...subsetsFor({ text: ascii + messages, subsets })].sort((a, b) => a - b);
}

/** A font subset file the build emitted (`assets/PretendardVariable.subset.<n>-<hash>.woff2`): its number. */
export function subsetOfAsset(url: string): number | null {
  const m = /PretendardVariable\.subset\.(\d+)-[^/]*\.woff2$/.exec(url);
  return m?.[1] ? Number(m[1]) : null;
}
