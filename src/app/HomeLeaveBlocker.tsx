import { useBlocker } from '@tanstack/react-router';
import { mayLeaveHome } from './guard.ts';

/** Applies the "leaving home" rule of the guard to back navigation. */
export function HomeLeaveBlocker() {
  useBlocker({
    shouldBlockFn: ({ current, next, action }) =>
      !mayLeaveHome({ from: current.pathname, to: next.pathname, action }),
    enableBeforeUnload: false,
  });
  return null;
}
