import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/adapters/s3-storage.ts';

export interface S3StandIn {
  settings: S3Settings;
  /** The S3_* variables a server process needs to use it. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * A local S3 (s3rver, from npm) on a free port of 127.0.0.1 with one empty bucket, its objects
 * in a temporary folder removed by `stop`. It speaks S3's REST API and checks signatures made
 * with its own key pair (S3RVER / S3RVER).
 */
export async function startS3StandIn({ bucket = 'uploads' }: { bucket?: string } = {}): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true, prefix: '' },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
