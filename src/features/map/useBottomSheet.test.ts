import { describe, expect, it } from 'vitest';
import { releaseVelocity, SHEET_PEEK_PX, snapAfterDrag, snapHeights, stepSnap } from './useBottomSheet.ts';

describe('the map list sheet', () => {
  const space = 600;

  it('rests at the snap nearest to where a slow drag was let go', () => {
    expect(snapAfterDrag({ height: SHEET_PEEK_PX + 40, velocity: 0, space })).toBe('peek');
    expect(snapAfterDrag({ height: snapHeights(space).half + 50, velocity: 0, space })).toBe('half');
    expect(snapAfterDrag({ height: space - 60, velocity: 0, space })).toBe('full');
  });

  it('carries a quick flick on to the next snap in its direction', () => {
    const half = snapHeights(space).half;
    // Let go just above half, flicked upwards: full; just below half, flicked down: peek.
    expect(snapAfterDrag({ height: half + 30, velocity: 1.2, space })).toBe('full');
    expect(snapAfterDrag({ height: half - 30, velocity: -1.2, space })).toBe('peek');
  });

  it('treats a drag held still before the finger lifts as let go, not flicked', () => {
    expect(releaseVelocity({ velocity: -2, lastMoveTime: 1000, releaseTime: 1016 })).toBe(-2);
    expect(releaseVelocity({ velocity: -2, lastMoveTime: 1000, releaseTime: 1250 })).toBe(0);
  });

  it('moves one snap for an arrow key and stays at either end', () => {
    expect(stepSnap('peek', 1)).toBe('half');
    expect(stepSnap('half', 1)).toBe('full');
    expect(stepSnap('full', 1)).toBe('full');
    expect(stepSnap('full', -1)).toBe('half');
    expect(stepSnap('peek', -1)).toBe('peek');
  });
});
