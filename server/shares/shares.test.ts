import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../sync/api/page.ts';
import type { SiteShareItem } from '../../sync/api/shares.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import { SHARE_LIFETIME_DAYS, SHARES_PER_DAY } from '../../sync/shares/shares.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { openPage, PHONE_BROWSER, PUBLIC_PICTURE, SECRETS, share, shareWorld } from './shares.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PUBLIC_URL = 'https://bunyang.example.com';

async function world() {
  const clock = fixedClock('2026-11-30T03:00:00Z');
  t = await createTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
  return { clock, ...(await shareWorld(t)) };
}

function ogContent(htmlText: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(htmlText)?.[1];
}

describe('createSiteShare {site_idx}', () => {
  it('answers an absolute link under PUBLIC_URL with an unguessable token that ends in 30 days', async () => {
    const w = await world();
    const a = await share(t, { token: w.owner.token, site: w.site });
    const b = await share(t, { token: w.owner.token, site: w.site });
    expect(a.url).toMatch(/^https:\/\/bunyang\.example\.com\/s\/[A-Za-z0-9_-]{24}$/);
    expect(a.url).not.toBe(b.url);
    expect(new Date(a.expires_at).getTime() - w.clock.now().getTime()).toBe(SHARE_LIFETIME_DAYS * DAY_MS);
  });

  it('is refused for a hidden site, a draft, an unregistered-site report and a deleted site, writing nothing', async () => {
    const w = await world();
    const cases = [
      { f_hidden: 'Y' as const, msg: /숨김 처리된 현장은/ },
      { f_status: 'P' as const, msg: /등록을 마친 현장만/ },
      { f_site_type: 'U' as const, msg: /미등록 현장 제보는/ },
      { f_status: 'D' as const, msg: /삭제되었거나 숨김/ },
    ];
    for (const { msg, ...overrides } of cases) {
      const site = await insertSite(t, { userIdx: w.owner.userIdx, ...overrides });
      const before = t.changes();
      const res = await t.call('/site/createSiteShare', { token: w.owner.token, body: { site_idx: site } });
      expect(res.code, JSON.stringify(overrides)).toBe(ResultCode.apiError);
      expect(res.msg).toMatch(msg);
      expect(t.changes()).toBe(before);
    }
  });

  it(`refuses the ${SHARES_PER_DAY + 1}th link of one member within 24 hours, and allows it a day later`, async () => {
    const w = await world();
    const rows = Array.from({ length: SHARES_PER_DAY }, (_, i) => ({
      f_site_idx: w.site,
      f_user_idx: w.owner.userIdx,
      f_token: `token-${String(i).padStart(18, '0')}`,
      f_reg_time: new Date(w.clock.now().getTime() - 60_000).toISOString(),
      f_expires_at: '2026-12-30T00:00:00.000Z',
      f_revoked_time: null,
      f_last_view_time: null,
    }));
    await t.deps.db.insertInto('site_shares').values(rows).execute();
    const refused = await t.call('/site/createSiteShare', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(refused.code).toBe(ResultCode.apiError);
    expect(refused.msg).toContain(String(SHARES_PER_DAY));
    w.clock.advance(DAY_MS);
    await share(t, { token: w.owner.token, site: w.site });
  });
});

describe('the public page of a link', () => {
  it('fetched with no headers is 200 text/html with the site’s name in og:title, its price range in og:description and its first picture as an absolute og:image', async () => {
    const w = await world();
    const { url } = await share(t, { token: w.owner.token, site: w.site });
    const page = await openPage(t, { url });
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(ogContent(page.text, 'og:title')).toBe('래미안 역삼 센트럴');
    expect(ogContent(page.text, 'og:description')).toBe(
      '매매 8억 5,000만원 ~ 12억원 · 서울특별시 강남구 역삼동',
    );
    expect(ogContent(page.text, 'og:image')).toBe(`${url}/image.jpg`);
    expect(ogContent(page.text, 'og:url')).toBe(url);
    expect(page.text).toContain('<html lang="ko">');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the preview card the first picture as a 1200×630 JPEG while the link answers, and nothing once it is stopped', async () => {
    const w = await world();
    const sharp = (await import('sharp')).default;
    const webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .webp()
      .toBuffer();
    const picture = await t.deps.adapters.storage.put({ bytes: new Uint8Array(webp), ext: 'webp' });
    await t.handle.all(
      'UPDATE sites SET f_image_urls = ? WHERE f_idx = ?',
      JSON.stringify([picture, PUBLIC_PICTURE]),
      w.site,
    );
    const created = await share(t, { token: w.owner.token, site: w.site });
    const res = await t.app.request(`${new URL(created.url).pathname}/image.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    await t.call('/site/revokeSiteShare', { token: w.owner.token, body: { share_idx: created.share_idx } });
    expect((await t.app.request(`${new URL(created.url).pathname}/image.jpg`)).status).toBe(404);
  });

  it('has no og:image for a site without pictures', async () => {
    const w = await world();
    await t.handle.all("UPDATE sites SET f_image_urls = '[]' WHERE f_idx = ?", w.site);
    const { url } = await share(t, { token: w.owner.token, site: w.site });
    const page = await openPage(t, { url });
    expect(page.status).toBe(200);
    expect(ogContent(page.text, 'og:image')).toBeUndefined();
    expect((await t.app.request(`${new URL(url).pathname}/image.jpg`)).status).toBe(404);
  });

  it('shows what a customer needs: prices by type without sold-out units, area types, pictures, the place to the 동, the open date and the sharing agent as the contact', async () => {
    const w = await world();
    const { url } = await share(t, { token: w.mate.token, site: w.site });
    const { text } = await openPage(t, { url });
    expect(text).toContain('전용 84.97㎡ (25.7평) · 공급 112.4㎡ (34평) · 방 3개');
    expect(text).toContain('매매 8억 5,000만원');
    // The sold-out unit's price is left out of the unit prices, as in the app.
    expect(text).not.toContain('9억 9,000만원');
    expect(text).toContain('1 / 2세대');
    expect(text).toContain('서울특별시 강남구 역삼동');
    expect(text).not.toContain('123-45');
    expect(text).toContain('2027. 03. 01.');
    expect(text).toContain('/uploads/lobby.webp');
    // The group member who shared it is the contact, not the owner.
    expect(text).toContain('이그룹');
    expect(text).toContain('010-2000-2222');
    expect(text).toContain('href="tel:01020002222"');
    expect(text).not.toContain('김등록');
    expect(text).not.toContain('01020001111');
  });

  it('shows none of the memos, the site’s contacts, the detail address, fees or private inlay pictures', async () => {
    const w = await world();
    for (const who of [w.owner, w.mate]) {
      const { url } = await share(t, { token: who.token, site: w.site });
      const { text } = await openPage(t, { url, headers: { 'user-agent': PHONE_BROWSER } });
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
      expect(text).not.toContain('모델하우스 2층');
      expect(text).not.toContain('777');
      expect(text).not.toContain('수수료');
    }
  });

  it('escapes what members typed: a site name with markup is text on the page and in its tags', async () => {
    const w = await world();
    await t.handle.all(
      'UPDATE sites SET f_name = ? WHERE f_idx = ?',
      '<script>alert(1)</script> "따옴표" 현장',
      w.site,
    );
    const { url } = await share(t, { token: w.owner.token, site: w.site });
    const { text } = await openPage(t, { url });
    expect(text).not.toContain('<script>');
    expect(ogContent(text, 'og:title')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &quot;따옴표&quot; 현장');
  });

  it('answers the Korean 404 page while the site is hidden, and once the link is stopped or past its end', async () => {
    const w = await world();
    const links = {
      hidden: await share(t, { token: w.owner.token, site: w.site }),
      revoked: await share(t, { token: w.owner.token, site: w.site }),
    };
    const expect404 = async (url: string, why: string) => {
      const page = await openPage(t, { url });
      expect(page.status, why).toBe(404);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.text).toContain('열 수 없는 링크입니다');
      expect(page.text).not.toContain('래미안');
    };
    await t.handle.all("UPDATE sites SET f_hidden = 'Y' WHERE f_idx = ?", w.site);
    await expect404(links.hidden.url, 'hidden');
    await t.handle.all("UPDATE sites SET f_hidden = 'N' WHERE f_idx = ?", w.site);
    // Shown again, the site answers its links again (an expired general site its owner extended).
    expect((await openPage(t, { url: links.hidden.url })).status).toBe(200);

    const listed = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    const revokedIdx = listed.data.list.find((s) => s.url === links.revoked.url)?.f_idx;
    expect(
      (await t.call('/site/revokeSiteShare', { token: w.owner.token, body: { share_idx: revokedIdx } })).code,
    ).toBe(0);
    await expect404(links.revoked.url, 'revoked');

    w.clock.advance(SHARE_LIFETIME_DAYS * DAY_MS);
    await expect404(links.hidden.url, 'expired');
  });

  it('stops answering after a deletion', async () => {
    const w = await world();
    const { url } = await share(t, { token: w.owner.token, site: w.site });
    expect(
      (await t.call('/site/removeSite', { token: w.owner.token, body: { site_idx: w.site } })).code,
    ).toBe(0);
    expect((await openPage(t, { url })).status).toBe(404);
  });

  it('stops answering once the site is transferred, even if it comes back to the agent who shared it', async () => {
    const w = await world();
    const byOwner = await share(t, { token: w.owner.token, site: w.site });
    const byMate = await share(t, { token: w.mate.token, site: w.site });
    w.clock.advance(1000);
    const give = async (from: string, to: number) =>
      (await t.call('/site/transferSite', { token: from, body: { site_idx: w.site, dest_member_idx: to } }))
        .code;
    expect(await give(w.owner.token, w.other.userIdx)).toBe(0);
    expect((await openPage(t, { url: byOwner.url })).status).toBe(404);
    expect((await openPage(t, { url: byMate.url })).status).toBe(404);
    w.clock.advance(1000);
    expect(await give(w.other.token, w.owner.userIdx)).toBe(0);
    expect((await openPage(t, { url: byOwner.url })).status).toBe(404);
  });

  it('stops answering a group member’s link when they leave the group', async () => {
    const w = await world();
    const { url } = await share(t, { token: w.mate.token, site: w.site });
    await t.handle.all('DELETE FROM group_members WHERE f_user_idx = ?', w.mate.userIdx);
    expect((await openPage(t, { url })).status).toBe(404);
  });

  it('answers the same 404 to a token that does not exist or is not a token at all', async () => {
    await world();
    for (const path of ['/s/AAAAAAAAAAAAAAAAAAAAAAAA', '/s/short', '/s/%3Cscript%3E']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('열 수 없는 링크입니다');
    }
  });

  it('counts a person’s views, not a preview robot’s, a prefetch, a HEAD request or a client without a user agent', async () => {
    const w = await world();
    const { url } = await share(t, { token: w.owner.token, site: w.site });
    await openPage(t, { url, headers: { 'user-agent': PHONE_BROWSER } });
    await openPage(t, { url, headers: { 'user-agent': PHONE_BROWSER } });
    await openPage(t, { url, headers: { 'user-agent': 'kakaotalk-scrap/1.0; +https://devtalk.kakao.com/' } });
    await openPage(t, {
      url,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)' },
    });
    await openPage(t, { url, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    await openPage(t, { url, headers: { 'user-agent': PHONE_BROWSER, 'sec-purpose': 'prefetch' } });
    await openPage(t, { url, headers: { 'user-agent': PHONE_BROWSER }, method: 'HEAD' });
    await openPage(t, { url });
    const list = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(list.data.list[0]).toMatchObject({
      url,
      f_view_count: 2,
      f_last_view_time: w.clock.now().toISOString(),
    });
  });
});

describe('getSiteShareList and revokeSiteShare', () => {
  it('lists only the caller’s own links to the site, newest first, each with its state', async () => {
    const w = await world();
    const old = await share(t, { token: w.owner.token, site: w.site });
    // Past its end (the session would not last 30 days of a moving clock).
    await t.handle.all(
      'UPDATE site_shares SET f_expires_at = ? WHERE f_idx = ?',
      w.clock.now().toISOString(),
      old.share_idx,
    );
    w.clock.advance(1000);
    const stopped = await share(t, { token: w.owner.token, site: w.site });
    const live = await share(t, { token: w.owner.token, site: w.site });
    await share(t, { token: w.mate.token, site: w.site });
    await t.call('/site/revokeSiteShare', { token: w.owner.token, body: { share_idx: stopped.share_idx } });
    const list = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((s) => [s.url, s.state])).toEqual([
      [live.url, 'active'],
      [stopped.url, 'revoked'],
      [old.url, 'expired'],
    ]);
    await t.handle.all("UPDATE sites SET f_hidden = 'Y' WHERE f_idx = ?", w.site);
    const hidden = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(hidden.data.list[0]?.state).toBe('closed');
  });

  it('does not let a member stop another member’s link: not found, and the link still answers', async () => {
    const w = await world();
    const created = await share(t, { token: w.owner.token, site: w.site });
    for (const who of [w.mate, w.other, w.admin]) {
      const before = t.changes();
      const res = await t.call('/site/revokeSiteShare', {
        token: who.token,
        body: { share_idx: created.share_idx },
      });
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.status).toBe(404);
      expect(t.changes()).toBe(before);
    }
    expect((await openPage(t, { url: created.url })).status).toBe(200);
  });

  it('stopping a link twice keeps the first stop', async () => {
    const w = await world();
    const created = await share(t, { token: w.owner.token, site: w.site });
    await t.call('/site/revokeSiteShare', { token: w.owner.token, body: { share_idx: created.share_idx } });
    const first = w.clock.now().toISOString();
    w.clock.advance(60_000);
    expect(
      (
        await t.call('/site/revokeSiteShare', {
          token: w.owner.token,
          body: { share_idx: created.share_idx },
        })
      ).code,
    ).toBe(0);
    const list = await t.call<Page<SiteShareItem>>('/site/getSiteShareList', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(list.data.list[0]?.f_revoked_time).toBe(first);
  });
});
