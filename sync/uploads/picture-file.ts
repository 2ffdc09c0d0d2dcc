import { Limits } from '../constants.ts';

/**
 * Spec §5 Images: what a picture may be, told by its bytes (never its name or the browser's
 * guess of its type). One rule for the picker, as soon as a file is picked, and for the server
 * before it decodes an upload (server/uploads/images.ts), so a text file named fake.jpg is
 * refused beside the picker and never reaches an upload.
 */

/** The formats a phone camera or gallery produces (file-type's names for them). */
export const PICTURE_MIMES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

export type PictureProblem = 'notImage' | 'tooLarge';

/**
 * Why a file cannot be a picture, or null. The size first (nothing of a too-large file is read),
 * then its leading bytes by file-type (loaded on first use: the app's entry does not carry it).
 */
export async function pictureProblem(file: Blob): Promise<PictureProblem | null> {
  if (file.size > Limits.imageMaxBytes) return 'tooLarge';
  return (await pictureMime(new Uint8Array(await file.arrayBuffer()))) ? null : 'notImage';
}

/** The picture format the bytes are, or null when they are none the app takes. */
export async function pictureMime(bytes: Uint8Array): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type/core');
  const type = await fileTypeFromBuffer(bytes);
  return type && PICTURE_MIMES.has(type.mime) ? type.mime : null;
}
