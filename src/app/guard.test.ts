import { describe, expect, it } from 'vitest';
import { decideGuard, mayLeaveHome } from './guard.ts';

const session = { uid: 7, token: 'tok' };

describe('route guard', () => {
  it('lets anyone open the public routes', () => {
    for (const pathname of ['/', '/Login', '/SignupInfo', '/SignupQuiz', '/Inquire', '/Splash']) {
      expect(decideGuard({ pathname, session: null, stored: null, forcedLogout: false })).toEqual({
        kind: 'pass',
      });
    }
  });

  it('lets a signed-in user open a protected route', () => {
    expect(decideGuard({ pathname: '/Map', session, stored: null, forcedLogout: false })).toEqual({
      kind: 'pass',
    });
  });

  it('restores the session from a stored user id and token', () => {
    expect(decideGuard({ pathname: '/Home', session: null, stored: session, forcedLogout: false })).toEqual({
      kind: 'restore',
      session,
    });
  });

  it('sends a visitor without a session to /Login', () => {
    expect(decideGuard({ pathname: '/Home', session: null, stored: null, forcedLogout: false })).toEqual({
      kind: 'redirect',
      to: '/Login',
    });
    expect(
      decideGuard({ pathname: '/admin/member', session: null, stored: null, forcedLogout: false }),
    ).toEqual({
      kind: 'redirect',
      to: '/Login',
    });
  });

  it('does not restore a stored session whose user id is not above zero', () => {
    expect(
      decideGuard({
        pathname: '/Home',
        session: null,
        stored: { uid: 0, token: 'tok' },
        forcedLogout: false,
      }),
    ).toEqual({ kind: 'redirect', to: '/Login' });
  });

  it('sends a forced-logout user to /Login from any other route, even a public one', () => {
    expect(decideGuard({ pathname: '/Home', session, stored: session, forcedLogout: true })).toEqual({
      kind: 'redirect',
      to: '/Login',
    });
    expect(
      decideGuard({ pathname: '/SignupInfo', session: null, stored: null, forcedLogout: true }).kind,
    ).toBe('redirect');
    expect(decideGuard({ pathname: '/Login', session: null, stored: null, forcedLogout: true })).toEqual({
      kind: 'pass',
    });
  });

  it('matches routes whatever their letter case', () => {
    expect(decideGuard({ pathname: '/login', session: null, stored: null, forcedLogout: false }).kind).toBe(
      'pass',
    );
    expect(decideGuard({ pathname: '/map', session: null, stored: null, forcedLogout: false }).kind).toBe(
      'redirect',
    );
  });
});

describe('leaving home', () => {
  it('going back from home only reaches /Login, / and /Splash', () => {
    expect(mayLeaveHome({ from: '/Home', to: '/Splash', action: 'BACK' })).toBe(true);
    expect(mayLeaveHome({ from: '/Home', to: '/Login', action: 'BACK' })).toBe(true);
    expect(mayLeaveHome({ from: '/Home', to: '/', action: 'BACK' })).toBe(true);
    expect(mayLeaveHome({ from: '/Home', to: '/Map', action: 'BACK' })).toBe(false);
    expect(mayLeaveHome({ from: '/Home', to: '/SiteDetail', action: 'GO' })).toBe(false);
  });

  it('moving forward from home is ordinary navigation', () => {
    expect(mayLeaveHome({ from: '/Home', to: '/Map', action: 'PUSH' })).toBe(true);
    expect(mayLeaveHome({ from: '/Home', to: '/More', action: 'REPLACE' })).toBe(true);
  });

  it('does not restrict going back from other screens', () => {
    expect(mayLeaveHome({ from: '/Map', to: '/Interest', action: 'BACK' })).toBe(true);
  });

  it('lets a modal entry on home close with back', () => {
    expect(mayLeaveHome({ from: '/Home', to: '/Home', action: 'BACK' })).toBe(true);
  });
});
