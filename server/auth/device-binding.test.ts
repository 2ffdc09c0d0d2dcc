import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, Headers, ResultCode } from '../../sync/codes.ts';
import { createTestApp, insertUser, login, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('an access token', () => {
  it('works only from the device it was issued to: another device id, or none, gets -7', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: '01055550001' });
    const token = await login(t, '01055550001', 'phone-of-agent-01');

    const own = await t.call('/user/getProfile', { token, deviceId: 'phone-of-agent-01' });
    expect(own.code).toBe(0);
    const copied = await t.call('/user/getProfile', { token, deviceId: 'laptop-of-stranger' });
    expect(copied.code).toBe(ResultCode.otherDeviceLogin);
    const bare = await t.app.request(`${API_BASE}/user/getProfile`, {
      method: 'POST',
      headers: { [Headers.accessToken]: token },
    });
    expect(((await bare.json()) as { code: number }).code).toBe(ResultCode.otherDeviceLogin);
    // The refusal ends nothing: the member's own device goes on.
    expect((await t.call('/user/getProfile', { token, deviceId: 'phone-of-agent-01' })).code).toBe(0);
  });
});
