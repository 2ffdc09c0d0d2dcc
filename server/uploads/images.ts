import sharp from 'sharp';
import { ResultCode } from '../../sync/codes.ts';
import { pictureProblem } from '../../sync/uploads/picture-file.ts';
import type { FileStorage } from '../adapters/storage.ts';
import { AppError, invalidInput } from '../http/errors.ts';
import { defineMessages } from '../http/messages.ts';

export const imageMessages = defineMessages({
  unsupportedImage: { ko: '지원하지 않는 이미지 형식입니다.', en: 'Unsupported image format.' },
  imageTooLarge: { ko: '이미지는 10MB 이하만 올릴 수 있습니다.', en: 'Images must be 10 MB or smaller.' },
  imageTooManyPixels: {
    ko: '이미지 해상도가 너무 큽니다. {megapixels}백만 화소 이하만 올릴 수 있습니다.',
    en: 'The picture is too large: at most {megapixels} megapixels.',
  },
  uploadFailed: {
    ko: '업로드에 실패했습니다. 다시 업로드해 주세요.',
    en: 'Upload failed. Please upload again.',
  },
});

const MAX_EDGE = 2000;

/**
 * Checks an uploaded file by its bytes and re-encodes it as WebP: EXIF (including GPS
 * location) and other metadata are dropped, orientation is applied first, and very large
 * pictures are scaled down. Nothing is stored yet, so a caller can check everything else
 * before keeping the file.
 */
export async function encodeImage({
  file,
  maxPixels,
  field = 'file',
}: {
  file: Blob;
  /** Config IMAGE_MAX_PIXELS: a small file can still decode to gigabytes (a "pixel bomb"). */
  maxPixels: number;
  field?: string;
}): Promise<Uint8Array> {
  // The size and what the bytes say, not the file name: the picker's rule (sync/uploads/picture-file.ts).
  const problem = await pictureProblem(file);
  if (problem === 'tooLarge') throw invalidInput({ field, msg: imageMessages.imageTooLarge });
  if (problem) throw invalidInput({ field, msg: imageMessages.unsupportedImage });
  const bytes = new Uint8Array(await file.arrayBuffer());
  await refuseTooManyPixels({ bytes, maxPixels, field });
  let encoded: Buffer;
  try {
    // limitInputPixels holds the decoder to the same limit, should the header have lied.
    encoded = await sharp(bytes, { failOn: 'error', animated: false, limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The header looked like an image but the data is not decodable.
    throw invalidInput({ field, msg: imageMessages.unsupportedImage });
  }
  return new Uint8Array(encoded);
}

/** The picture's size from its header alone: nothing is decoded for a picture that is refused. */
async function refuseTooManyPixels({
  bytes,
  maxPixels,
  field,
}: {
  bytes: Uint8Array;
  maxPixels: number;
  field: string;
}): Promise<void> {
  let pixels: number;
  try {
    const meta = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw invalidInput({ field, msg: imageMessages.unsupportedImage });
  }
  if (pixels > maxPixels) {
    throw new AppError({
      code: ResultCode.badParameter,
      status: 400,
      msg: imageMessages.imageTooManyPixels,
      params: { megapixels: Math.floor(maxPixels / 1_000_000) },
      data: { field },
    });
  }
}

/** encodeImage, then keep it; returns the stored URL. */
export async function storeImage({
  file,
  storage,
  maxPixels,
  field = 'file',
}: {
  file: Blob;
  storage: FileStorage;
  maxPixels: number;
  field?: string;
}) {
  const bytes = await encodeImage({ file, maxPixels, field });
  return storage.put({ bytes, ext: 'webp' });
}
