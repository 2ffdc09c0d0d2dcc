import type { SVGProps } from 'react';

/** An icon's drawing as lucide ships it (each `lucide-react/icons/<name>` module's `__iconData`). */
export interface IconData {
  name: string;
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>;
}

/**
 * Draws a lucide icon from its data with lucide's default look (24-unit box, 2-unit round stroke
 * in the text colour). Lucide's own component carries a runtime of about 2 kB gzip that the entry
 * chunk has no room for; the drawings are the same. Decorative: the control around it is named.
 */
export function Icon({
  data,
  size = 20,
  className,
  ...rest
}: { data: IconData; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...rest}
    >
      {data.node.map(([Tag, attrs]) => {
        const { key, ...shape } = attrs;
        const Shape = Tag as 'path';
        return <Shape key={String(key)} {...shape} />;
      })}
    </svg>
  );
}
