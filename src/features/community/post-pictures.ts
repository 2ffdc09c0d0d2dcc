import type { PostEditFields } from '../../../sync/edits/edit-fields.ts';
import type { PostFields } from './post-form.ts';

/**
 * What the post form keeps on the device (src/ui/kept-form.ts): the fields, whose `image_url`
 * holds the pictures already uploaded (an edited post's, or a refused post's written again), and
 * the pictures picked on this device that are uploaded (or queued) when the post is sent.
 */
export interface PostDraft {
  fields: PostFields;
  files: File[];
  /** An edit's: the copy of the post it is made on (PostFormPopup `PostBase`). */
  base?: { version: number | null; fields: Partial<PostEditFields> | null };
}

/** One attached picture: the n-th uploaded one, or the n-th picked on this device. */
export type PictureRef = { kind: 'uploaded'; index: number } | { kind: 'file'; index: number };

/**
 * The draft without one picture. The rest keep their order; an edit sends the shorter
 * `image_url`, so saving removes the picture from the post on the server.
 */
export function withoutPicture(draft: PostDraft, picture: PictureRef): PostDraft {
  if (picture.kind === 'file') {
    return { ...draft, files: draft.files.filter((_, i) => i !== picture.index) };
  }
  return {
    ...draft,
    fields: { ...draft.fields, image_url: draft.fields.image_url.filter((_, i) => i !== picture.index) },
  };
}

/** Every attached picture in the order the post will hold them: uploaded ones first. */
export function picturesOf(draft: PostDraft): Array<{ ref: PictureRef; source: string | File }> {
  return [
    ...draft.fields.image_url.map((url, index) => ({
      ref: { kind: 'uploaded', index } as const,
      source: url,
    })),
    ...draft.files.map((file, index) => ({ ref: { kind: 'file', index } as const, source: file })),
  ];
}
