import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { AddressSearch } from '../adapters/address/address.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function agentToken(app: TestApp) {
  const userIdx = await insertUser(app);
  return insertSession(app, { userIdx, deviceId: 'agent' });
}

describe('address look-ups (findAddress, findPostcode, findAddressByPoint)', () => {
  it('say where their answers come from, so the sample table is labelled as such', async () => {
    t = await createTestApp();
    const token = await agentToken(t);
    const quick = await t.call<{ source: string; list: unknown[] }>('/site/findAddress', {
      token,
      body: { query: '역삼동 12' },
    });
    expect(quick.data.source).toBe('sample');
    expect(quick.data.list.length).toBeGreaterThan(0);
    const postcode = await t.call<{ source: string; page_num: number; list: Array<{ zip_no: string }> }>(
      '/site/findPostcode',
      { token, body: { query: '역삼동 12' } },
    );
    expect(postcode.data).toMatchObject({ source: 'sample', page_num: 1 });
    expect(postcode.data.list[0]?.zip_no).toMatch(/^\d{5}$/);
    const point = await t.call<{ source: string; address: { latitude: number } | null }>(
      '/site/findAddressByPoint',
      { token, body: { lat: 37.5153, lng: 127.0501 } },
    );
    expect(point.data.source).toBe('sample');
    expect(point.data.address?.latitude).toBe(37.5153);
  });

  it('refuses a point outside Korea with the field it names, before asking the provider', async () => {
    let asked = 0;
    const provider: AddressSearch = {
      source: 'kakao',
      search: async () => [],
      searchPostcode: async () => ({ list: [], total: 0, has_more: false }),
      reverse: async () => {
        asked++;
        return null;
      },
    };
    t = await createTestApp({ adapters: { address: provider } });
    const token = await agentToken(t);
    const res = await t.call('/site/findAddressByPoint', { token, body: { lat: 51.5, lng: 127 } });
    expect(res.code).toBe(ResultCode.badParameter);
    // The field named in Korean, as every -4 names it for a Korean user (server/http/field-labels.ts).
    expect(res.msg).toContain('위도');
    expect(asked).toBe(0);
  });

  it('answers nothing found, not an error, while the provider is down', async () => {
    const down = async () => {
      throw new Error('Kakao Local HTTP 503');
    };
    t = await createTestApp({
      adapters: { address: { source: 'kakao', search: down, searchPostcode: down, reverse: down } },
    });
    const token = await agentToken(t);
    const postcode = await t.call('/site/findPostcode', { token, body: { query: '테헤란로' } });
    expect(postcode.code).toBe(0);
    expect(postcode.data).toEqual({ list: [], total: 0, has_more: false, page_num: 1, source: 'kakao' });
    const point = await t.call('/site/findAddressByPoint', { token, body: { lat: 37.5, lng: 127 } });
    expect(point.data).toEqual({ address: null, source: 'kakao' });
  });
});
