import { afterEach, describe, expect, it, vi } from 'vitest';
import { getProfileCall } from '../../sync/api/auth.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { ApiError, api, setSessionEndedHandler } from './client.ts';
import { sessionStore } from './session.ts';

/**
 * A session-ending answer signs out the session that made the call, and only it: an admin who
 * leaves a member's view is back on their own session while the view's last calls still answer
 * "session ended" (the e2e run saw the admin thrown to the login screen by one of them).
 */

/** A fetch whose answer is released by the test, so the session can change while it is in flight. */
function heldFetch() {
  let release: (envelope: object) => void = () => {};
  const answered = new Promise<object>((resolve) => {
    release = resolve;
  });
  const sent: Promise<void> = new Promise((resolve) => {
    vi.stubGlobal('fetch', async () => {
      resolve();
      return new Response(JSON.stringify(await answered), {
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  return { release, sent };
}

const ended = { code: ResultCode.tokenExpired, msg: '로그인이 만료되었습니다.', data: null };

describe('a session-ending answer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionEndedHandler(() => {});
    sessionStore.signOut();
  });

  /** The member's view signed in, with one of its calls out and its answer held. */
  async function viewCallOut() {
    const endings: number[] = [];
    setSessionEndedHandler(({ code }) => endings.push(code));
    sessionStore.signIn({ uid: 7, token: 'view-token' });
    const { release, sent } = heldFetch();
    const call = api(getProfileCall, {});
    await sent;
    return { endings, call, release };
  }

  it('signs out the session that made the call', async () => {
    const { endings, call, release } = await viewCallOut();
    release(ended);
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(endings).toEqual([ResultCode.tokenExpired]);
  });

  it('leaves alone a session that took the place of the one that made the call', async () => {
    const { endings, call, release } = await viewCallOut();
    // The admin leaves the member's view while the view's call is still out.
    sessionStore.signIn({ uid: 1, token: 'admin-token' });
    release(ended);
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(endings).toEqual([]);
    expect(sessionStore.get()?.token).toBe('admin-token');
  });
});
