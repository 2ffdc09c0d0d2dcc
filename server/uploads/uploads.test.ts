import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { createTestApp, insertSession, insertUser, jpegWithGps, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

function form(parts: Array<[string, Blob | string, string?]>) {
  const f = new FormData();
  for (const [k, v, name] of parts) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, name ?? 'file');
  }
  return f;
}

describe('image upload', () => {
  it('stores a real photo as WebP without its EXIF and returns where it lives', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const res = await t.call<{ url: string }>('/upload/image', {
      token,
      form: form([
        ['file', new Blob([await jpegWithGps()]), 'IMG_0001.JPG'],
        ['kind', '1'],
      ]),
    });
    expect(res.code).toBe(0);
    expect(res.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    const bytes = await t.deps.adapters.storage.read(res.data.url);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(bytes as Uint8Array).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 400 });
    expect(meta.exif).toBeUndefined();
  });

  it('judges a file by its bytes, not its name', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const pdfNamedJpg = new Blob(['%PDF-1.7\n1 0 obj << >> endobj\n']);
    const res = await t.call('/upload/image', {
      token,
      form: form([
        ['file', pdfNamedJpg, 'photo.jpg'],
        ['kind', '1'],
      ]),
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toBe('지원하지 않는 이미지 형식입니다.');
  });

  it('refuses an image over 10 MB', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(await jpegWithGps());
    const res = await t.call('/upload/image', {
      token,
      form: form([
        ['file', new Blob([big]), 'big.jpg'],
        ['kind', '1'],
      ]),
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toContain('10MB');
  });

  it('uploads several images and keeps none when one of them is not an image', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const jpeg = await jpegWithGps();
    const ok = await t.call<{ urls: string[] }>('/upload/images', {
      token,
      form: form([
        ['files', new Blob([jpeg]), 'a.jpg'],
        ['files', new Blob([jpeg]), 'b.jpg'],
        ['kind', '2'],
      ]),
    });
    expect(ok.data.urls).toHaveLength(2);
    const bad = await t.call<{ urls: string[] }>('/upload/images', {
      token,
      form: form([
        ['files', new Blob([jpeg]), 'a.jpg'],
        ['files', new Blob(['nope']), 'b.jpg'],
        ['kind', '2'],
      ]),
    });
    expect(bad.code).toBe(ResultCode.badParameter);
    expect(bad.data).toMatchObject({ field: 'files.1' });
  });

  it('refuses a picture of more pixels than the configured limit from its header, and stores nothing', async () => {
    t = await createTestApp({ config: { imageMaxPixels: 1_000_000 } });
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const sharp = (await import('sharp')).default;
    const picture = (width: number) =>
      sharp({ create: { width, height: 1000, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
    const stored = () => t.changes();
    const before = stored();
    // A blank picture compresses to a few kB: the bytes are no guide to what decoding would cost.
    const wide = await picture(1200);
    expect(wide.length).toBeLessThan(50_000);
    const refused = await t.call('/upload/image', {
      token,
      form: form([
        ['file', new Blob([new Uint8Array(wide)]), 'wide.png'],
        ['kind', '1'],
      ]),
    });
    expect(refused.code).toBe(ResultCode.badParameter);
    expect(refused.msg).toBe('이미지 해상도가 너무 큽니다. 1백만 화소 이하만 올릴 수 있습니다.');
    expect(stored()).toBe(before);
    const fits = await t.call('/upload/image', {
      token,
      form: form([
        ['file', new Blob([new Uint8Array(await picture(1000))]), 'fits.png'],
        ['kind', '1'],
      ]),
    });
    expect(fits.code).toBe(0);
  });

  it('refuses by default a picture above 40 megapixels', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const sharp = (await import('sharp')).default;
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await t.call('/upload/image', {
      token,
      form: form([
        ['file', new Blob([new Uint8Array(huge)]), 'huge.png'],
        ['kind', '1'],
      ]),
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toContain('40백만 화소');
  });
});
