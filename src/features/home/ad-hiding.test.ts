import { describe, expect, it } from 'vitest';
import { decideAds } from './ad-hiding.ts';

describe('when the home shows its ad popup', () => {
  const fresh = { count: 2, shownInSession: false, hidden: false, confirmationShowing: false };

  it('shows the ads on the first home of a session with nothing else on screen', () => {
    expect(decideAds(fresh)).toBe('shown');
  });

  it('shows them at most once a session', () => {
    expect(decideAds({ ...fresh, shownInSession: true })).toBe('shown-before');
  });

  it('never shows them over a confirmation, and leaves them for a later visit', () => {
    expect(decideAds({ ...fresh, confirmationShowing: true })).toBe('later');
  });

  it('keeps them away while the member hid them, and has nothing to show without ads', () => {
    expect(decideAds({ ...fresh, hidden: true })).toBe('hidden');
    expect(decideAds({ ...fresh, count: 0 })).toBe('none');
  });
});
