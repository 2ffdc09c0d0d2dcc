import { parseAst } from 'vite';

/**
 * English a user would read that bypasses Lingui in a component: JSX text, a string put in the
 * markup, or a plain string in an attribute a user sees or hears (placeholder, title, alt,
 * aria-label, a label...). Inside Lingui's JSX macros (<Trans>, <Plural>, <Select>,
 * <SelectOrdinal>) text is the message itself. Text counts when it holds a Latin letter, so
 * separators, numbers and symbols (·, %, ₩, ㎡) pass.
 */

/** Attributes whose text the user sees or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

/** Lingui's JSX macros: their text is what gets translated. */
const LINGUI_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const LETTER = /[A-Za-z]/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function elementName(node: Node): string {
  const name = (node.openingElement as Node | undefined)?.name as Node | undefined;
  return name?.type === 'JSXIdentifier' ? String(name.name) : '';
}

/** The plain strings an expression can evaluate to (both sides of a condition, a fallback). */
function plainStrings(node: Node): Node[] {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [node] : [];
    case 'TemplateLiteral':
      return [node];
    case 'ConditionalExpression':
      return [...plainStrings(node.consequent as Node), ...plainStrings(node.alternate as Node)];
    case 'LogicalExpression':
      return [...plainStrings(node.left as Node), ...plainStrings(node.right as Node)];
    default:
      return [];
  }
}

function textOf(node: Node): string {
  if (node.type === 'TemplateLiteral') {
    return (node.quasis as Node[]).map((q) => String((q.value as { cooked: string }).cooked)).join(' ');
  }
  return String(node.value);
}

/** Each finding as "<line>: <text>". */
export function unwrappedEnglish(code: string, filename = 'file.tsx'): string[] {
  const program = parseAst(code, { lang: 'tsx' }, filename) as unknown as Node;
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  const found: Array<{ at: number; text: string }> = [];
  const report = (node: Node, text: string) => {
    const shown = text.replace(/\s+/g, ' ').trim();
    // Where the text itself starts (JSX text begins with the line break before it).
    const lead = node.type === 'JSXText' ? text.length - text.trimStart().length : 0;
    if (LETTER.test(shown)) found.push({ at: node.start + lead, text: shown });
  };

  const visit = (node: Node, inLingui: boolean): void => {
    let lingui = inLingui;
    if (node.type === 'JSXElement') lingui ||= LINGUI_ELEMENTS.has(elementName(node));
    if (node.type === 'JSXText' && !lingui) report(node, String(node.value));
    if (node.type === 'JSXExpressionContainer' && !lingui) {
      const parent = node as Node & { inChildren?: boolean };
      if (parent.inChildren) for (const s of plainStrings(node.expression as Node)) report(s, textOf(s));
    }
    if (node.type === 'JSXAttribute') {
      const name = node.name as Node;
      const value = node.value as Node | null;
      if (name.type === 'JSXIdentifier' && VISIBLE_ATTRIBUTES.has(String(name.name)) && value) {
        const expression = value.type === 'JSXExpressionContainer' ? (value.expression as Node) : value;
        for (const s of plainStrings(expression)) report(s, textOf(s));
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'children' && Array.isArray(child)) {
        for (const c of child) {
          if (isNode(c)) {
            if (c.type === 'JSXExpressionContainer') (c as Node & { inChildren?: boolean }).inChildren = true;
            visit(c, lingui);
          }
        }
      } else if (Array.isArray(child)) {
        for (const c of child) if (isNode(c)) visit(c, lingui);
      } else if (isNode(child)) visit(child, lingui);
    }
  };
  visit(program, false);
  return found.sort((a, b) => a.at - b.at).map((f) => `${lineOf(f.at)}: ${f.text}`);
}
