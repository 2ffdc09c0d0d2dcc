import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The shell's icons (bottom nav, header back), written from lucide's drawings into
 * src/ui/shell-icons.ts as plain data that `<Icon>` draws inline. Not lucide's modules: they carry
 * its component runtime (about 2 kB gzip) that the entry chunk has no room for. Not CSS masks
 * either: each mask image is an SVG document of its own, and six of them cost the first style pass
 * some 10 ms on every start. Run after changing the list: node --import tsx scripts/shell-icons.ts
 * (a unit test checks the file holds lucide's drawings).
 */
export const shellIcons = {
  home: 'house',
  interest: 'heart',
  map: 'map',
  community: 'messages-square',
  more: 'ellipsis',
  back: 'chevron-left',
} as const;

export const shellIconsFile = 'src/ui/shell-icons.ts';

type Node = ReadonlyArray<readonly [string, Record<string, string | number>]>;

export async function drawing(name: string): Promise<Node> {
  const mod = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: Node } };
  return mod.__iconData.node;
}

const attr = (value: string | number) => String(value).replace(/"/g, "'");

/** One icon as an SVG with lucide's default look, stroked black (the mask takes its shape) unless told. */
export function svgOf(node: Node, stroke = 'black'): string {
  const shapes = node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => `${k}='${attr(v)}'`)
        .join(' ');
      return `<${tag} ${list}/>`;
    })
    .join('');
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='${stroke}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
}

/** The generated module: one `IconData` per meaning, lucide's drawing as it ships. */
export async function shellIconsModule(): Promise<string> {
  const entries: string[] = [];
  for (const [meaning, name] of Object.entries(shellIcons)) {
    entries.push(`  ${meaning}: { name: '${name}', node: ${JSON.stringify(await drawing(name))} },`);
  }
  return `// Written by scripts/shell-icons.ts from lucide's drawings: do not edit.
import type { IconData } from './Icon.tsx';

/** The bottom nav's and the header's icons, drawn inline by \`<Icon>\` (the script says why not lucide's modules). */
export const shellIcons = {
${entries.join('\n')}
} satisfies Record<string, IconData>;
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(shellIconsFile, await shellIconsModule());
  // In the repository's own format, so `biome check` passes on the written file.
  execFileSync('npx', ['biome', 'format', '--write', shellIconsFile], { stdio: 'inherit' });
  console.log(`wrote ${shellIconsFile} (${readFileSync(shellIconsFile).length} bytes)`);
}
