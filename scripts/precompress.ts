import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the build, once, so the server sends them without compressing per request
 * (server/http/static.ts). Pictures and fonts are compressed formats already and are left alone;
 * a copy that would not be smaller is not written. Run by vite.config.ts after the service
 * worker is written, so sw.js has its copies too.
 */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !file.split(/[\\/]/).some((part) => part.startsWith('.')));
}

export async function precompress(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  // All at once: zlib's work runs on libuv's thread pool, which bounds it.
  const files = await filesUnder(dir);
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files += 1;
      totals.bytes += bytes.byteLength;
      if (br.byteLength < bytes.byteLength) {
        await writeFile(`${file}.br`, br);
        totals.br += br.byteLength;
      }
      if (gz.byteLength < bytes.byteLength) {
        await writeFile(`${file}.gz`, gz);
        totals.gzip += gz.byteLength;
      }
    }),
  );
  return totals;
}
