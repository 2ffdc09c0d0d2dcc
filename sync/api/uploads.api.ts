import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { uploadsResponses } from './uploads.responses.ts';

/**
 * Image kinds (spec §7 upload): 1 site photos, 2 inlay images, 3 notification images,
 * 4 admin images (ads, home), 5 memo images, 6 business cards.
 */
export const ImageKind = { photo: 1, inlay: 2, notification: 3, admin: 4, memo: 5, businessCard: 6 } as const;
export type ImageKind = (typeof ImageKind)[keyof typeof ImageKind];

const kind = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d$/), v.transform(Number))]),
  v.picklist([1, 2, 3, 4, 5, 6], 'unknown image kind'),
);

/** A file field as the server receives it from multipart. */
const file = v.instance(File, 'an image file is required');

export const uploadImageCall = defineCall<Answer<typeof uploadsResponses, 'uploadImage'>>()({
  operationId: 'uploadImage',
  method: 'post',
  path: '/upload/image',
  summary: 'Upload one image; checked by its bytes, re-encoded without metadata; returns its URL',
  tag: 'upload',
  multipart: true,
  input: v.object({ file, kind }),
});

export const uploadImagesCall = defineCall<Answer<typeof uploadsResponses, 'uploadImages'>>()({
  operationId: 'uploadImages',
  method: 'post',
  path: '/upload/images',
  summary: 'Upload several images at once (the plural variant)',
  tag: 'upload',
  multipart: true,
  maxBodyBytes: 60 * 1024 * 1024,
  input: v.object({
    files: v.pipe(
      v.union([
        v.array(file),
        v.pipe(
          file,
          v.transform((f) => [f]),
        ),
      ]),
      v.minLength(1, 'at least one image'),
      v.maxLength(5, 'at most 5 images at once'),
    ),
    kind,
  }),
});
