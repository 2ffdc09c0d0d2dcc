import type { Session } from '../api/session.ts';

/** Routes anyone may open (spec §2), plus /Splash which the guard names. */
export const publicPaths = ['/', '/login', '/signupinfo', '/signupquiz', '/inquire', '/splash'] as const;

/** Where leaving home may go (spec §2 guard). */
const leaveHomeTargets = new Set(['/login', '/', '/splash']);

function norm(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

export function isPublicPath(pathname: string): boolean {
  return (publicPaths as readonly string[]).includes(norm(pathname));
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'restore'; session: Session }
  | { kind: 'redirect'; to: '/Login' };

/**
 * Spec §2 guard. A pending forced logout sends everything but /Login to /Login. A
 * protected route passes with a session in memory; otherwise a stored user id above zero
 * and a stored token restore the session; otherwise the user goes to /Login.
 */
export function decideGuard({
  pathname,
  session,
  stored,
  forcedLogout,
}: {
  pathname: string;
  session: Session | null;
  stored: Session | null;
  forcedLogout: boolean;
}): GuardDecision {
  if (forcedLogout && norm(pathname) !== '/login') return { kind: 'redirect', to: '/Login' };
  if (isPublicPath(pathname)) return { kind: 'pass' };
  if (session?.token) return { kind: 'pass' };
  if (stored && stored.uid > 0 && stored.token) return { kind: 'restore', session: stored };
  return { kind: 'redirect', to: '/Login' };
}

/**
 * Spec §2: "leaving home passes only to /Login, / and /Splash". Read as the back stack:
 * home is the root of the signed-in app, so going back from /Home may only return to
 * the entry screens; going back into an earlier inner screen is blocked. Forward moves
 * from home (tabs, buttons, search) are ordinary navigation and always pass.
 */
export function mayLeaveHome({
  from,
  to,
  action,
}: {
  from: string;
  to: string;
  action: 'PUSH' | 'REPLACE' | 'BACK' | 'FORWARD' | 'GO';
}): boolean {
  if (norm(from) !== '/home') return true;
  if (action !== 'BACK' && action !== 'GO') return true;
  if (norm(to) === '/home') return true;
  return leaveHomeTargets.has(norm(to));
}
