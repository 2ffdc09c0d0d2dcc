import { uploadImageCall, uploadImagesCall } from '../../sync/api/uploads.api.ts';
import { defineOperation } from '../http/operation.ts';
import { storeImage } from './images.ts';

export const uploadsOperations = [
  defineOperation(uploadImageCall, {
    access: { kind: 'member', write: true },
    handler: async ({ input, ctx }) => ({
      url: await storeImage({
        file: input.file,
        storage: ctx.adapters.storage,
        maxPixels: ctx.config.imageMaxPixels,
      }),
    }),
  }),
  defineOperation(uploadImagesCall, {
    access: { kind: 'member', write: true },
    handler: async ({ input, ctx }) => {
      // Checked one by one so a bad file names its position; nothing is kept if one fails.
      const urls: string[] = [];
      try {
        for (const [i, file] of input.files.entries()) {
          urls.push(
            await storeImage({
              file,
              storage: ctx.adapters.storage,
              maxPixels: ctx.config.imageMaxPixels,
              field: `files.${i}`,
            }),
          );
        }
      } catch (err) {
        await Promise.all(urls.map((u) => ctx.adapters.storage.remove(u)));
        throw err;
      }
      return { urls };
    },
  }),
];
