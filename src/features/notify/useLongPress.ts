import { useRef } from 'react';
import { Limits } from '../../../sync/constants.ts';

/**
 * Spec §9 long press (500 ms): holding a row selects it. The tap that ends a long press is
 * swallowed, so the row does not open as well.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: () => {
      fired.current = false;
      cancel();
      timer.current = setTimeout(() => {
        fired.current = true;
        onLongPress();
      }, Limits.longPressMs);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: { preventDefault: () => void }) => e.preventDefault(),
    /** True once when the click follows a long press (and should do nothing). */
    swallowClick: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
