import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, Headers, ResultCode } from '../../sync/codes.ts';
import { createAdapters } from '../adapters/adapters.ts';
import { nhnSmsSender } from '../adapters/sms/nhn-sms.ts';
import { consoleSmsSender } from '../adapters/sms/sms.ts';
import { createApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { testConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/fixtures.ts';
import { startStubServer } from '../testing/stub-server.ts';

let t: TestApp;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await t?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const clock = () => fixedClock('2026-11-21T01:00:00.000Z');
const HOUR = 3600_000;

/** A sign-up code (any number may ask for one: the path SMS pumping uses) from one client. */
function askCode({
  phone,
  ip = '203.0.113.7',
  device = 'device-aaaaaaaa',
  lang,
}: {
  phone: string;
  ip?: string;
  device?: string;
  lang?: string;
}) {
  return t.call('/auth/authPhone', {
    body: { phone_number: phone, is_login: 'N' },
    deviceId: device,
    headers: { 'x-forwarded-for': ip, ...(lang ? { 'accept-language': lang } : {}) },
  });
}

const phoneNo = (i: number) => `010${String(77_000_000 + i).padStart(8, '0')}`;

describe('an SMS gateway that cannot be reached', () => {
  it('says the code could not be sent and to try again, and uses up neither the phone’s nor the device’s allowance', async () => {
    // NHN Cloud SMS down: nothing listens where the gateway should be.
    const gateway = await startStubServer(() => ({ json: {} }));
    const url = gateway.url;
    await gateway.close();
    const sms = nhnSmsSender({ baseUrl: url, appKey: 'app', secretKey: 'secret', sendNo: '0215770000' });
    t = await createTestApp({
      clock: clock(),
      adapters: { sms },
      config: { trustedProxies: 1, smsLimits: { perDevice: 2, perAddress: 100, total: 100, perPhone: 2 } },
    });
    const phone = phoneNo(1);
    for (let i = 0; i < 3; i++) {
      const res = await askCode({ phone });
      expect(res.status).toBe(503);
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.msg).toBe('인증번호를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.');
    }
    expect((await askCode({ phone, lang: 'en' })).msg).toBe(
      'The verification code could not be sent. Please try again in a moment.',
    );
    // None of the failed sends counted: with the gateway back, the phone and the device get their codes.
    const up = consoleSmsSender();
    t.deps.adapters.sms = up;
    expect((await askCode({ phone })).code).toBe(0);
    expect((await askCode({ phone })).code).toBe(0);
    expect(up.sent.map((s) => s.to)).toEqual([phone, phone]);
  });

  it('keeps the code sent before a failed resend working', async () => {
    const up = consoleSmsSender();
    t = await createTestApp({ clock: clock(), adapters: { sms: up } });
    const phone = phoneNo(2);
    expect((await askCode({ phone })).code).toBe(0);
    const code = up.sent[0]?.code ?? '';
    t.deps.adapters.sms = {
      sendCode: async () => {
        throw new Error('SMS gateway HTTP 503');
      },
    };
    expect((await askCode({ phone })).status).toBe(503);
    const checked = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    expect(checked.code).toBe(0);
  });
});

describe('SMS code limits per client', () => {
  it('one device cannot have codes sent to more numbers than its hourly allowance', async () => {
    const c = clock();
    t = await createTestApp({
      clock: c,
      config: { trustedProxies: 1, smsLimits: { perDevice: 3, perAddress: 100, total: 100 } },
    });
    for (let i = 0; i < 3; i++) expect((await askCode({ phone: phoneNo(i) })).code).toBe(0);

    const refused = await askCode({ phone: phoneNo(3) });
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('이 기기에서 인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.');
    const english = await askCode({ phone: phoneNo(3), lang: 'en' });
    expect(english.msg).toBe('Too many code requests from this device. Please try again in an hour.');
    expect(t.smsSent).toHaveLength(3);

    // Another device on the same network is not held back by the first one.
    expect((await askCode({ phone: phoneNo(3), device: 'device-bbbbbbbb' })).code).toBe(0);
    c.advance(HOUR + 1000);
    expect((await askCode({ phone: phoneNo(4) })).code).toBe(0);
  });

  it('one phone number gets five codes an hour by default, or what the deployment sets', async () => {
    const c = clock();
    t = await createTestApp({
      clock: c,
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 100, total: 100 } },
    });
    for (let i = 0; i < 5; i++) {
      expect((await askCode({ phone: phoneNo(50), device: `device-${i}aaaaaaa` })).code).toBe(0);
    }
    const refused = await askCode({ phone: phoneNo(50), device: 'device-9aaaaaaa' });
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.');
    await t.close();

    t = await createTestApp({
      clock: c,
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 100, total: 100, perPhone: 2 } },
    });
    for (let i = 0; i < 2; i++) {
      expect((await askCode({ phone: phoneNo(51), device: `device-${i}bbbbbbb` })).code).toBe(0);
    }
    expect((await askCode({ phone: phoneNo(51), device: 'device-9bbbbbbb' })).status).toBe(429);
  });

  it('calls that carry no device id share one allowance', async () => {
    t = await createTestApp({
      config: { trustedProxies: 1, smsLimits: { perDevice: 2, perAddress: 100, total: 100 } },
    });
    const bare = (phone: string, ip: string) =>
      t.call('/auth/authPhone', {
        body: { phone_number: phone, is_login: 'N' },
        headers: { [Headers.deviceId]: '', 'x-forwarded-for': ip },
      });
    expect((await bare(phoneNo(0), '198.51.100.1')).code).toBe(0);
    expect((await bare(phoneNo(1), '198.51.100.2')).code).toBe(0);
    expect((await bare(phoneNo(2), '198.51.100.3')).msg).toContain('이 기기에서');
  });

  it('one network address cannot have codes sent beyond its hourly allowance, whatever device ids it sends', async () => {
    const c = clock();
    t = await createTestApp({
      clock: c,
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 4, total: 100 } },
    });
    for (let i = 0; i < 4; i++) {
      expect((await askCode({ phone: phoneNo(i), device: `forged-${i}-aaaaaaaa` })).code).toBe(0);
    }
    const refused = await askCode({ phone: phoneNo(4), device: 'forged-4-aaaaaaaa' });
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('이 네트워크에서 인증번호 요청이 너무 많습니다. 1시간 후 다시 시도해 주세요.');
    const english = await askCode({ phone: phoneNo(4), device: 'forged-5-aaaaaaaa', lang: 'en' });
    expect(english.msg).toBe('Too many code requests from this network. Please try again in an hour.');
    expect(t.smsSent).toHaveLength(4);

    expect((await askCode({ phone: phoneNo(4), ip: '203.0.113.8', device: 'other-aaaaaaaa' })).code).toBe(0);
    c.advance(HOUR + 1000);
    expect((await askCode({ phone: phoneNo(5), device: 'forged-6-aaaaaaaa' })).code).toBe(0);
  });

  it('cannot be dodged by writing X-Forwarded-For when no proxy in front is trusted', async () => {
    t = await createTestApp({
      config: { trustedProxies: 0, smsLimits: { perDevice: 100, perAddress: 2, total: 100 } },
    });
    expect((await askCode({ phone: phoneNo(0), ip: '198.51.100.1', device: 'a-aaaaaaaa' })).code).toBe(0);
    expect((await askCode({ phone: phoneNo(1), ip: '198.51.100.2', device: 'b-aaaaaaaa' })).code).toBe(0);
    const third = await askCode({ phone: phoneNo(2), ip: '198.51.100.3', device: 'c-aaaaaaaa' });
    expect(third.msg).toContain('이 네트워크에서');
  });

  it('never keeps a member from signing in when sign-up codes to made-up numbers fill the hour', async () => {
    t = await createTestApp({
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 100, total: 3 } },
    });
    await insertUser(t, { f_phone: '01055550009' });
    for (let i = 0; i < 3; i++) {
      expect((await askCode({ phone: phoneNo(i), ip: `198.51.100.${i}` })).code).toBe(0);
    }
    expect((await askCode({ phone: phoneNo(3), ip: '198.51.100.9' })).status).toBe(429);
    const member = await t.call('/auth/authPhone', {
      body: { phone_number: '01055550009', is_login: 'Y' },
      deviceId: 'member-phone-01',
      headers: { 'x-forwarded-for': '203.0.113.20' },
    });
    expect(member.code).toBe(0);
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    t = await createTestApp({
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 2, total: 100 } },
    });
    const net = '2001:db8:aa:bb';
    expect((await askCode({ phone: phoneNo(0), ip: `${net}::1`, device: 'a-aaaaaaaa' })).code).toBe(0);
    expect((await askCode({ phone: phoneNo(1), ip: `${net}:0:0:0:2`, device: 'b-aaaaaaaa' })).code).toBe(0);
    const third = await askCode({
      phone: phoneNo(2),
      ip: `${net}:1234:5678:9abc:def0`,
      device: 'c-aaaaaaaa',
    });
    expect(third.msg).toContain('이 네트워크에서');
    expect((await askCode({ phone: phoneNo(2), ip: '2001:db8:aa:bc::1', device: 'd-aaaaaaaa' })).code).toBe(
      0,
    );
  });

  it('by default an office of 40 agents behind one address all get their codes', async () => {
    t = await createTestApp({ config: { trustedProxies: 1 } });
    for (let i = 0; i < 40; i++) {
      const res = await askCode({ phone: phoneNo(i), device: `agent-${i}-aaaaaaaa` });
      expect(res.code, res.msg).toBe(0);
    }
    expect(t.smsSent).toHaveLength(40);
  });
});

describe('the hourly ceiling on codes sent', () => {
  it('stops every code for the rest of the hour once reached, whatever address and device ask', async () => {
    const c = clock();
    t = await createTestApp({
      clock: c,
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 100, total: 5 } },
    });
    const warn = vi.spyOn(t.deps.logger, 'warn');
    for (let i = 0; i < 5; i++) {
      const res = await askCode({ phone: phoneNo(i), ip: `198.51.100.${i}`, device: `d${i}-aaaaaaaa` });
      expect(res.code).toBe(0);
    }
    const refused = await askCode({ phone: phoneNo(9), ip: '192.0.2.50', device: 'fresh-aaaaaaaa' });
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('지금은 인증번호 요청이 많아 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.');
    const english = await askCode({
      phone: phoneNo(9),
      ip: '192.0.2.51',
      device: 'fresh-bbbbbbbb',
      lang: 'en',
    });
    expect(english.msg).toBe('Too many code requests right now. Please try again later.');
    expect(t.smsSent).toHaveLength(5);
    // The operator hears of it once, when the last place is taken, not once per refused request.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toContain('SMS_HOURLY_TOTAL');

    // The window slides: an hour after the first code, one more may go.
    c.advance(HOUR + 1000);
    expect((await askCode({ phone: phoneNo(9), ip: '192.0.2.50', device: 'fresh-aaaaaaaa' })).code).toBe(0);
  });

  it('is not overrun by requests arriving at once', async () => {
    t = await createTestApp({
      config: { trustedProxies: 1, smsLimits: { perDevice: 100, perAddress: 100, total: 5 } },
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        askCode({ phone: phoneNo(i), ip: `198.51.100.${i}`, device: `d${i}-aaaaaaaa` }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(t.smsSent).toHaveLength(5);
  });

  it('holds across a restart: the counts live in the database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-sms-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const config = testConfig({ smsLimits: { perDevice: 100, perAddress: 100, total: 2 } });
    const logger = pino({ level: 'silent' });
    const c = clock();
    /** One server process's worth of state: its own app and connection on the same database file. */
    async function start() {
      const handle = openDatabase({ file });
      await migrateToLatest(handle.db);
      const adapters = { ...createAdapters({ config, logger }), sms: consoleSmsSender({ logger }) };
      const app = createApp({
        deps: { db: handle.db, config, logger, clock: c, adapters },
      });
      const ask = async (phone: string, ip: string) => {
        const res = await app.request(`${API_BASE}/auth/authPhone`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [Headers.deviceId]: `dev-${ip}`,
            'x-forwarded-for': ip,
          },
          body: JSON.stringify({ phone_number: phone, is_login: 'N' }),
        });
        return (await res.json()) as { code: number; msg: string };
      };
      return { handle, ask };
    }
    const first = await start();
    expect((await first.ask(phoneNo(0), '198.51.100.1')).code).toBe(0);
    expect((await first.ask(phoneNo(1), '198.51.100.2')).code).toBe(0);
    await first.handle.close();

    const second = await start();
    cleanups.push(() => second.handle.close());
    const refused = await second.ask(phoneNo(2), '198.51.100.3');
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.msg).toContain('잠시 후');
  });
});
