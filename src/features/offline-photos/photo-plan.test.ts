import { describe, expect, it } from 'vitest';
import type { KeptPhoto } from '../../db/photos-db.ts';
import { type PhotoSite, photoBudget, planPhotos, wantedPhotos } from './photo-plan.ts';

function site(f_idx: number, fields: Partial<PhotoSite> = {}): PhotoSite {
  return {
    f_idx,
    f_user_idx: 1,
    f_group_idx: null,
    f_update_time: `2026-11-0${f_idx}`,
    f_image_urls: [`/uploads/${f_idx}-a.webp`, `/uploads/${f_idx}-b.webp`],
    f_inlay_image_url: [],
    ...fields,
  };
}

function kept(url: string, bytes: number, kind: KeptPhoto['kind'] = 'full'): KeptPhoto {
  return { url, site_idx: 0, kind, bytes, kept_at: '2026-11-01T00:00:00Z' };
}

describe('the pictures a device keeps', () => {
  it('are the own and group sites’ covers newest first, then their other pictures newest site first', () => {
    const wanted = wantedPhotos({
      sites: [
        site(1),
        site(3, { f_user_idx: 2, f_group_idx: 7 }),
        site(2, { f_inlay_image_url: ['/uploads/2-i.webp'] }),
      ],
      uid: 1,
      groups: new Set([7]),
    });
    expect(wanted.map((w) => `${w.kind}:${w.url}`)).toEqual([
      'cover:/uploads/3-a.webp',
      'cover:/uploads/2-a.webp',
      'cover:/uploads/1-a.webp',
      'full:/uploads/3-b.webp',
      'full:/uploads/2-b.webp',
      'full:/uploads/2-i.webp',
      'full:/uploads/1-b.webp',
    ]);
  });

  it('leave out another member’s site, a group the member is not in, and pictures not yet on the server', () => {
    const wanted = wantedPhotos({
      sites: [
        site(1, { f_user_idx: 2 }),
        site(2, { f_user_idx: 2, f_group_idx: 8 }),
        site(3, { f_image_urls: ['blob:local-draft', '/uploads/3-b.webp'] }),
        site(-4),
      ],
      uid: 1,
      groups: new Set([7]),
    });
    expect(wanted.map((w) => w.url)).toEqual(['/uploads/3-b.webp']);
    expect(wanted[0]?.kind).toBe('cover');
  });

  it('take any shared site while the member’s groups are not known on the device', () => {
    const wanted = wantedPhotos({
      sites: [site(2, { f_user_idx: 2, f_group_idx: 8 })],
      uid: 1,
      groups: null,
    });
    expect(wanted).toHaveLength(2);
  });

  it('count a site without pictures as none', () => {
    const wanted = wantedPhotos({
      sites: [site(1, { f_image_urls: undefined, f_inlay_image_url: undefined })],
      uid: 1,
      groups: null,
    });
    expect(wanted).toEqual([]);
  });
});

describe('the plan of what to fetch and drop', () => {
  const wanted = wantedPhotos({ sites: [site(1), site(2)], uid: 1, groups: null });

  it('fetches every cover even past the budget, and full pictures only while they fit', () => {
    const plan = planPhotos({ wanted, kept: [], budget: 250, averageBytes: 100 });
    expect(plan.fetch.map((p) => p.url)).toEqual(['/uploads/2-a.webp', '/uploads/1-a.webp']);
    const roomy = planPhotos({ wanted, kept: [], budget: 350, averageBytes: 100 });
    expect(roomy.fetch.map((p) => p.url)).toEqual([
      '/uploads/2-a.webp',
      '/uploads/1-a.webp',
      '/uploads/2-b.webp',
    ]);
    expect(roomy.drop).toEqual([]);
  });

  it('drops the oldest site’s full pictures first when the budget shrinks, never a cover', () => {
    const all = wanted.map((w) => kept(w.url, 100, w.kind));
    const plan = planPhotos({ wanted, kept: all, budget: 300, averageBytes: 100 });
    expect(plan.drop).toEqual(['/uploads/1-b.webp']);
    expect(plan.fetch).toEqual([]);
  });

  it('drops what no wanted site shows any more', () => {
    const plan = planPhotos({
      wanted,
      kept: [kept('/uploads/gone.webp', 10), kept('/uploads/2-a.webp', 10, 'cover')],
      budget: 10_000,
      averageBytes: 100,
    });
    expect(plan.drop).toEqual(['/uploads/gone.webp']);
    expect(plan.fetch.map((p) => p.url)).not.toContain('/uploads/2-a.webp');
  });
});

describe('the bytes pictures may take', () => {
  it('is half the quota less what the origin uses, plus what the pictures take already, under the cap', () => {
    expect(
      photoBudget({ estimate: { quota: 1000, usage: 300 }, keptBytes: 50, cap: 10_000, fallback: 7 }),
    ).toBe(250);
    expect(
      photoBudget({ estimate: { quota: 1000, usage: 900 }, keptBytes: 50, cap: 10_000, fallback: 7 }),
    ).toBe(50);
    expect(photoBudget({ estimate: { quota: 1e9, usage: 0 }, keptBytes: 0, cap: 10_000, fallback: 7 })).toBe(
      10_000,
    );
  });

  it('is the fallback where the browser gives no estimate', () => {
    expect(photoBudget({ estimate: null, keptBytes: 50, cap: 10_000, fallback: 700 })).toBe(700);
  });
});
