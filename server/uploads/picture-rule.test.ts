import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Limits } from '../../sync/constants.ts';
import { pictureProblem } from '../../sync/uploads/picture-file.ts';
import { encodeImage } from './images.ts';

/**
 * One rule for a picture, wherever it is picked and wherever it arrives: the picker's check
 * (sync/uploads/picture-file.ts, run by every picker of the app) and the server's decoding
 * (encodeImage) take and refuse the same files.
 */

const MAX_PIXELS = 40_000_000;

async function samples(): Promise<Array<{ name: string; file: File; picture: boolean }>> {
  const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } });
  const bytes = async (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
    base.clone().toFormat(format).toBuffer();
  const file = (data: Uint8Array<ArrayBuffer> | string, name: string, type = '') =>
    new File([data], name, { type });
  return [
    { name: 'a JPEG', file: file(await bytes('jpeg'), 'photo.jpg'), picture: true },
    { name: 'a PNG named .jpg', file: file(await bytes('png'), 'photo.jpg'), picture: true },
    { name: 'a WebP without a type', file: file(await bytes('webp'), 'photo'), picture: true },
    { name: 'a GIF', file: file(await bytes('gif'), 'anim.gif'), picture: true },
    { name: 'an AVIF', file: file(await bytes('avif'), 'phone.avif'), picture: true },
    {
      name: 'text named fake.jpg and typed image/jpeg',
      file: file('not a picture at all', 'fake.jpg', 'image/jpeg'),
      picture: false,
    },
    {
      name: 'a PDF named scan.png',
      file: file('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'scan.png', 'image/png'),
      picture: false,
    },
    {
      name: 'an SVG (script may hide in it)',
      file: file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', 'image/svg+xml'),
      picture: false,
    },
    { name: 'an empty file', file: file(new Uint8Array(0), 'empty.jpg', 'image/jpeg'), picture: false },
  ];
}

describe('the picture rule', () => {
  it('takes camera and gallery formats by their bytes and refuses anything else whatever its name', async () => {
    for (const sample of await samples()) {
      expect(await pictureProblem(sample.file), sample.name).toBe(sample.picture ? null : 'notImage');
    }
  });

  it('refuses a picture over 10 MB before reading it', async () => {
    const big = new File([new Uint8Array(Limits.imageMaxBytes + 1)], 'huge.jpg', { type: 'image/jpeg' });
    expect(await pictureProblem(big)).toBe('tooLarge');
  });

  it('is the server’s rule too: what the picker refuses the upload refuses, what it takes is stored', async () => {
    for (const sample of await samples()) {
      const stored = await encodeImage({ file: sample.file, maxPixels: MAX_PIXELS }).then(
        () => true,
        () => false,
      );
      expect(stored, sample.name).toBe(sample.picture);
    }
  });

  it('runs in every picker of the app: no file input outside the checked pickers', () => {
    const checked = new Set([
      'src/ui/FilePicker.tsx',
      'src/ui/AttachPicturesButton.tsx',
      'src/features/registration/ImagePicker.tsx',
      // Not a picture: the officetel price file, told apart by its bytes the same way (officetelFileKind).
      'src/features/admin/OfficetelImport.tsx',
    ]);
    const withFileInput: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.tsx?$/.test(name) &&
          !name.includes('.test.') &&
          /type="file"/.test(readFileSync(path, 'utf8'))
        )
          withFileInput.push(path);
      }
    };
    walk('src');
    expect(withFileInput.filter((path) => !checked.has(path))).toEqual([]);
    for (const path of [
      'src/ui/FilePicker.tsx',
      'src/ui/AttachPicturesButton.tsx',
      'src/features/registration/ImagePicker.tsx',
    ])
      expect(readFileSync(path, 'utf8'), path).toContain('usePictureCheck');
  });
});
