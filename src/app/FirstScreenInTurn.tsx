import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { firstScreenMounted } from './start-settled.ts';

let mounted = false;

/**
 * The start's first screen mounts in a transition, which React renders in slices of a few ms
 * between which the browser stays free. Mounted by the router's own update, the first screen's
 * render was one task of 30 to 45 ms here (the map's, the home's), four times that on a slow
 * phone, that a tap would wait behind. Nothing is drawn any later: the page has nothing to show
 * before its first screen, and later screens render as before (the router's own updates).
 */
export function FirstScreenInTurn({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(mounted);
  useEffect(() => {
    if (shown) {
      firstScreenMounted();
      return;
    }
    startTransition(() => {
      mounted = true;
      setShown(true);
    });
  }, [shown]);
  return shown ? children : null;
}
