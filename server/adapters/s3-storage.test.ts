import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '../../tests/support/s3-stand-in.ts';
import { createApp } from '../app.ts';
import { createTestApp, insertSession, insertUser, jpegWithGps, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { FILES_COOKIE } from '../uploads/private-files.ts';
import { s3Settings, s3Storage } from './s3-storage.ts';

let s3: S3StandIn;
let t: TestApp | undefined;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.stop();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The object as the bucket holds it, read with a client of its own (not through the adapter). */
async function objectInBucket(url: string): Promise<{ bytes: Uint8Array; type: string | undefined }> {
  const { bucket, endpoint, region, credentials } = s3.settings;
  const client = new S3Client({
    region,
    forcePathStyle: true,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials: { ...credentials } } : {}),
  });
  const answer = await client.send(
    new GetObjectCommand({ Bucket: bucket, Key: url.replace('/uploads/', '') }),
  );
  return { bytes: (await answer.Body?.transformToByteArray()) ?? new Uint8Array(), type: answer.ContentType };
}

describe('uploads in an S3-compatible bucket', () => {
  it('are read back by another instance’s adapter and removed for all of them', async () => {
    const one = s3Storage(s3.settings);
    const other = s3Storage(s3.settings);
    const url = await one.put({ bytes: new Uint8Array([1, 2, 3, 250]), ext: 'webp' });
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    expect(await other.read(url)).toEqual(new Uint8Array([1, 2, 3, 250]));
    expect((await objectInBucket(url)).type).toBe('image/webp');
    await other.remove(url);
    expect(await one.read(url)).toBeNull();
  });

  it('answer null for a file that is not there or not one of ours, as the local folder does', async () => {
    const storage = s3Storage(s3.settings);
    expect(await storage.read('/uploads/2026/01/00000000-0000-0000-0000-000000000000.webp')).toBeNull();
    expect(await storage.read('/uploads/../secret.webp')).toBeNull();
    expect(await storage.read('https://elsewhere.example/a.webp')).toBeNull();
  });

  it('keep keys under S3_PREFIX while the URLs stay the same', async () => {
    const storage = s3Storage({ ...s3.settings, prefix: 'tenant-a/' });
    const url = await storage.put({ bytes: new Uint8Array([9]), ext: 'webp' });
    expect(url.startsWith('/uploads/20')).toBe(true);
    expect(await storage.read(url)).toEqual(new Uint8Array([9]));
    await expect(objectInBucket(url)).rejects.toThrow();
  });

  it('hold what an upload checked by its bytes stored, served by the server with private pictures kept private', async () => {
    t = await createTestApp({ adapters: { storage: s3Storage(s3.settings) } });
    const files = createApp({ deps: t.deps, serveClient: true });
    const owner = await insertUser(t);
    const token = await insertSession(t, { userIdx: owner });
    const form = new FormData();
    form.append('file', new Blob([await jpegWithGps()]), 'inlay.jpg');
    form.append('kind', '2');
    const stored = await t.call<{ url: string }>('/upload/image', { token, form });
    expect(stored.code).toBe(0);
    const url = stored.data.url;

    // Re-encoded as WebP without the GPS position, in the bucket.
    const object = await objectInBucket(url);
    const meta = await sharp(object.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // Not a picture: refused (-4) and nothing new in the bucket.
    const bad = new FormData();
    bad.append('file', new Blob(['not a picture']), 'fake.jpg');
    bad.append('kind', '2');
    expect((await t.call('/upload/image', { token, form: bad })).code).toBe(-4);

    await insertSite(t, { userIdx: owner, f_inlay_private: 'Y', f_inlay_image_url: JSON.stringify([url]) });
    const fetchAs = (cookieToken: string | null) =>
      files.request(url, cookieToken ? { headers: { cookie: `${FILES_COOKIE}=${cookieToken}` } } : {});
    const byOwner = await fetchAs(token);
    expect(byOwner.status).toBe(200);
    expect(byOwner.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await byOwner.arrayBuffer())).toEqual(object.bytes);
    const stranger = await insertSession(t, { userIdx: await insertUser(t), deviceId: 'stranger-device' });
    expect((await fetchAs(stranger)).status).toBe(404);
    expect((await fetchAs(null)).status).toBe(404);
    expect((await files.request('/uploads/2026/01/00000000-0000-0000-0000-000000000000.webp')).status).toBe(
      404,
    );
  });
});

describe('the S3 settings', () => {
  it('leave uploads in the data folder without S3_BUCKET and read every S3_* variable with it', () => {
    expect(s3Settings({})).toBeNull();
    expect(s3Settings(s3.env)).toEqual(s3.settings);
    expect(s3Settings({ S3_BUCKET: 'b' })).toMatchObject({ endpoint: null, credentials: null, prefix: '' });
  });

  it('refuse a wrong value naming the variable', () => {
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
  });
});
