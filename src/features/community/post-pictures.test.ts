import { describe, expect, it } from 'vitest';
import type { PostFields } from './post-form.ts';
import { type PostDraft, picturesOf, withoutPicture } from './post-pictures.ts';

const fields: PostFields = {
  type: 'R',
  title: '잠실 현장 후기',
  content: '모델하우스 사진입니다.',
  phone: '01020000001',
  anony: 'N',
  made: 'N',
  push: 'N',
  agree: 'Y',
  image_url: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'],
};
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
const draft: PostDraft = { fields, files: [file('new-1.jpg'), file('new-2.jpg')] };

describe('removing an attached picture from the post form', () => {
  it('drops one uploaded picture and keeps the others in order, so saving an edit sends the shorter list', () => {
    const next = withoutPicture(draft, { kind: 'uploaded', index: 1 });
    expect(next.fields.image_url).toEqual(['/uploads/a.webp', '/uploads/c.webp']);
    expect(next.files.map((f) => f.name)).toEqual(['new-1.jpg', 'new-2.jpg']);
    expect(next.fields.title).toBe('잠실 현장 후기');
  });

  it('drops one picture picked on the device and leaves the uploaded ones alone', () => {
    const next = withoutPicture(draft, { kind: 'file', index: 0 });
    expect(next.files.map((f) => f.name)).toEqual(['new-2.jpg']);
    expect(next.fields.image_url).toEqual(fields.image_url);
  });

  it('leaves the draft it was given unchanged (the kept copy is replaced, not edited)', () => {
    withoutPicture(draft, { kind: 'uploaded', index: 0 });
    withoutPicture(draft, { kind: 'file', index: 1 });
    expect(draft.fields.image_url).toHaveLength(3);
    expect(draft.files).toHaveLength(2);
  });

  it('lists the pictures uploaded ones first, each naming what removing it would drop', () => {
    const list = picturesOf(draft);
    expect(list.map((p) => p.ref)).toEqual([
      { kind: 'uploaded', index: 0 },
      { kind: 'uploaded', index: 1 },
      { kind: 'uploaded', index: 2 },
      { kind: 'file', index: 0 },
      { kind: 'file', index: 1 },
    ]);
    const last = list[4];
    expect(last && withoutPicture(draft, last.ref).files.map((f) => f.name)).toEqual(['new-1.jpg']);
  });
});
