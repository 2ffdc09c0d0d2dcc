import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import * as v from 'valibot';
import { type FileStorage, newStoredPath, storedPathOf, UPLOADS_URL_PREFIX } from './storage.ts';

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, NCP Object Storage...), so
 * every server instance reads what any of them stored. The bucket stays private: nothing is
 * given a public ACL or a presigned link; browsers fetch `/uploads/…` from the server, which
 * checks who may see a private picture (server/uploads/private-files.ts) before reading the
 * object. URLs are the same as with the local folder, so moving stores is copying the files.
 */

const settingsSchema = v.object({
  /** The bucket; unset: uploads stay in the data folder. */
  S3_BUCKET: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** Empty: AWS itself (by region); else the store's URL, e.g. https://<account>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url('must be a URL like https://s3.example.com'))]),
    '',
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim()), 'us-east-1'),
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.trim()), ''),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.trim()), ''),
  /** `true` for stores without bucket subdomains (MinIO, most self-hosted ones). */
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['', 'true', 'false']), ''),
  /** Keys start with this folder in the bucket (e.g. `uploads/`); empty: the bucket's root. */
  S3_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be folders ending in /')),
    '',
  ),
});

export interface S3Settings {
  bucket: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  prefix: string;
}

/** The S3_* variables read and checked (a wrong one throws naming it); null when S3_BUCKET is unset. */
export function s3Settings(env: Record<string, string | undefined>): S3Settings | null {
  const parsed = v.safeParse(settingsSchema, {
    S3_BUCKET: env.S3_BUCKET,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_REGION: env.S3_REGION,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE,
    S3_PREFIX: env.S3_PREFIX,
  });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`Invalid environment variable ${v.getDotPath(issue) ?? 'S3_*'}: ${issue.message}`);
  }
  const e = parsed.output;
  if (!e.S3_BUCKET) return null;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment variable S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and it go together');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT || null,
    region: e.S3_REGION || 'us-east-1',
    credentials: e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    prefix: e.S3_PREFIX,
  };
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The type a stored file is served with, from its extension (`put` only writes checked pictures). */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A copy: the SDK writes into the object it is given.
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
  });
  const Bucket = settings.bucket;
  const keyOf = (url: string): string | null => {
    const path = storedPathOf(url);
    return path === null ? null : `${settings.prefix}${path}`;
  };
  return {
    put: async ({ bytes, ext }) => {
      const path = newStoredPath(ext);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${settings.prefix}${path}`,
          Body: bytes,
          ContentType: contentTypeOf(path),
        }),
      );
      return `${UPLOADS_URL_PREFIX}${path}`;
    },
    read: async (url) => {
      const Key = keyOf(url);
      if (Key === null) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        // Not there is null, as for a missing local file; the store being down is an error.
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    remove: async (url) => {
      const Key = keyOf(url);
      if (Key !== null) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
