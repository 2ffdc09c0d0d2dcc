import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The shell's icons (bottom nav, header back) as CSS masks, written from lucide's drawings into
 * src/ui/shell-icons.css: the entry chunk has no room for icon data in JS, the stylesheet does.
 * Run after changing the list: node --import tsx scripts/shell-icons.ts (a unit test checks the
 * file is what this writes).
 */
export const shellIcons = {
  home: 'house',
  interest: 'heart',
  map: 'map',
  community: 'messages-square',
  more: 'ellipsis',
  back: 'chevron-left',
} as const;

export const shellIconsFile = 'src/ui/shell-icons.css';

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

export async function shellIconsCss(): Promise<string> {
  const rules: string[] = [];
  for (const [meaning, name] of Object.entries(shellIcons)) {
    const svg = encodeURIComponent(svgOf(await drawing(name)))
      .replace(/%20/g, ' ')
      .replace(/%3D/g, '=');
    rules.push(`.shell-icon--${meaning} {\n  --shell-icon: url("data:image/svg+xml,${svg}");\n}`);
  }
  return `/* Written by scripts/shell-icons.ts from lucide's drawings: do not edit. */
.shell-icon {
  display: inline-block;
  flex: none;
  width: var(--shell-icon-size, 24px);
  height: var(--shell-icon-size, 24px);
  background-color: currentColor;
  -webkit-mask: var(--shell-icon) center / contain no-repeat;
  mask: var(--shell-icon) center / contain no-repeat;
}
${rules.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(shellIconsFile, await shellIconsCss());
  console.log(`wrote ${shellIconsFile} (${readFileSync(shellIconsFile).length} bytes)`);
}
