import * as v from 'valibot';
import { str } from './answer-fields.ts';

export const uploadsResponses = {
  uploadImage: v.strictObject({ url: str }),
  uploadImages: v.strictObject({ urls: v.array(str) }),
};
