import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The map list as a phone bottom sheet (as 직방 and 네이버 부동산 do): it rests at one of three
 * heights and is dragged between them by its handle. `peek` shows only the handle (the map is
 * usable), `half` several sites beside the map, `full` the list over the map.
 */
export type SheetSnap = 'peek' | 'half' | 'full';
export const sheetSnaps: readonly SheetSnap[] = ['peek', 'half', 'full'];

/** The handle's height: the sheet at `peek`. Kept equal to `--sheet-peek` in map.css. */
export const SHEET_PEEK_PX = 52;
/** The share of the map area the sheet takes at `half`. Kept equal to map.css. */
export const SHEET_HALF = 0.62;
/** A drag shorter than this is a tap. */
const TAP_SLOP_PX = 6;
/** How far ahead a flick's speed carries the sheet before it snaps (ms of travel). */
const FLICK_MS = 180;
/** A finger held still this long before lifting has stopped: its last speed no longer counts. */
const HOLD_MS = 100;
const STORE_KEY = 'bt.mapSheet';

/** The heights of the snaps in a map area of `space` pixels. */
export function snapHeights(space: number): Record<SheetSnap, number> {
  return { peek: SHEET_PEEK_PX, half: Math.round(space * SHEET_HALF), full: space };
}

/**
 * Where a released drag rests: the snap nearest to where its speed would carry it
 * (`velocity` in px/ms, upwards positive), so a short flick still moves one snap.
 */
export function snapAfterDrag({
  height,
  velocity,
  space,
}: {
  height: number;
  velocity: number;
  space: number;
}): SheetSnap {
  const heights = snapHeights(space);
  const projected = height + velocity * FLICK_MS;
  let best: SheetSnap = 'peek';
  for (const snap of sheetSnaps) {
    if (Math.abs(heights[snap] - projected) < Math.abs(heights[best] - projected)) best = snap;
  }
  return best;
}

/**
 * The speed a release carries (px/ms, upwards positive): the last move's, unless the finger was
 * held still before lifting (no move reports the stop, so the last speed would linger as a flick).
 */
export function releaseVelocity({
  velocity,
  lastMoveTime,
  releaseTime,
}: {
  velocity: number;
  lastMoveTime: number;
  releaseTime: number;
}): number {
  return releaseTime - lastMoveTime > HOLD_MS ? 0 : velocity;
}

/** One snap up (`1`) or down (`-1`), staying at the ends. */
export function stepSnap(snap: SheetSnap, by: 1 | -1): SheetSnap {
  const i = sheetSnaps.indexOf(snap) + by;
  return sheetSnaps[Math.min(sheetSnaps.length - 1, Math.max(0, i))] ?? snap;
}

const WIDE = '(min-width: 960px)';
function subscribeWide(listener: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
/** Wide screens show the list as a column beside the map: no sheet. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

function storedSnap(): SheetSnap {
  const saved = sessionStorage.getItem(STORE_KEY);
  return saved === 'peek' || saved === 'full' ? saved : 'half';
}

interface Drag {
  pointerId: number;
  startY: number;
  startHeight: number;
  lastY: number;
  lastTime: number;
  velocity: number;
  moved: boolean;
}

/**
 * The sheet's state and the props of its handle: pointer drags with snapping, a tap or
 * Enter/Space steps through the snaps, the arrow keys move one snap. The snap is kept for the
 * session, so coming back to the map finds the list as it was left.
 */
export function useBottomSheet() {
  const [snap, setSnapState] = useState<SheetSnap>(storedSnap);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const sheetRef = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const wide = useWideScreen();

  const setSnap = useCallback((next: SheetSnap) => {
    setSnapState(next);
    sessionStorage.setItem(STORE_KEY, next);
  }, []);

  // The space the sheet moves in: the map area it sits over.
  const space = () => sheetRef.current?.parentElement?.clientHeight ?? 0;

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (wide || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const sheet = sheetRef.current;
    if (!sheet) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dragged.current = false;
    drag.current = {
      pointerId: e.pointerId,
      startY: e.clientY,
      startHeight: sheet.getBoundingClientRect().height,
      lastY: e.clientY,
      lastTime: e.timeStamp,
      velocity: 0,
      moved: false,
    };
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const travel = d.startY - e.clientY;
    if (!d.moved && Math.abs(travel) < TAP_SLOP_PX) return;
    d.moved = true;
    const dt = e.timeStamp - d.lastTime;
    if (dt > 0) d.velocity = (d.lastY - e.clientY) / dt;
    d.lastY = e.clientY;
    d.lastTime = e.timeStamp;
    const room = space();
    setDragHeight(Math.min(room, Math.max(SHEET_PEEK_PX, d.startHeight + travel)));
  };

  const endDrag = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    // The click that follows the release is not a tap.
    dragged.current = true;
    // A cancelled pointer may report no position: the last move is where the finger was.
    const y = e.type === 'pointercancel' ? d.lastY : e.clientY;
    const height = Math.min(space(), Math.max(SHEET_PEEK_PX, d.startHeight + (d.startY - y)));
    const velocity = releaseVelocity({
      velocity: d.velocity,
      lastMoveTime: d.lastTime,
      releaseTime: e.timeStamp,
    });
    setSnap(snapAfterDrag({ height, velocity, space: space() }));
    setDragHeight(null);
  };

  const onClick = () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setSnap(snap === 'full' ? 'peek' : stepSnap(snap, 1));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const by = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0;
    if (by === 0) return;
    e.preventDefault();
    setSnap(stepSnap(snap, by));
  };

  // A drag cut short (the app hidden, a call) rests where the sheet was.
  useEffect(() => {
    const cancel = () => {
      drag.current = null;
      setDragHeight(null);
    };
    window.addEventListener('blur', cancel);
    return () => window.removeEventListener('blur', cancel);
  }, []);

  const style: CSSProperties | undefined =
    dragHeight !== null ? { height: `${dragHeight}px`, transition: 'none' } : undefined;
  return {
    snap: wide ? ('full' as const) : snap,
    setSnap,
    wide,
    dragging: dragHeight !== null,
    sheetRef,
    style,
    handle: wide
      ? null
      : {
          onPointerDown,
          onPointerMove,
          onPointerUp: endDrag,
          onPointerCancel: endDrag,
          onClick,
          onKeyDown,
        },
  };
}
