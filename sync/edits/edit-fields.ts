import * as v from 'valibot';
import { MAX_WHOLE_NUMBER } from '../api/fields.ts';
import { filledContacts } from '../notify/rules.ts';

/**
 * Posts, comments and notifications edited offline (protocol 8). An edit carries the copy it was
 * made on: `base_version` (the row's edit count, `f_version`, as the device had it) and `base` (its
 * fields as the device showed them). The server merges three ways (server/edits/merge-edit.ts): a
 * field the member changed is applied when the server's copy still holds the base value (or the
 * version did not move); one the server changed meanwhile to something else is a conflict, kept
 * until the member chooses on /sync. An edit without a base (an older caller) overwrites as before.
 *
 * The fields travel under the operations' argument names, normalised as the server stores them,
 * so the device and the server compare the same values.
 */

/** What an edit conflict is about. */
export const editKinds = ['post', 'comment', 'notification'] as const;
export type EditKind = (typeof editKinds)[number];

/** The edit count of the copy an edit was made on; null when the device's copy did not say. */
export const baseVersion = v.optional(
  v.nullable(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be an integer'),
      v.minValue(0, 'must not be negative'),
      v.maxValue(MAX_WHOLE_NUMBER, 'too large'),
    ),
  ),
  null,
);

/** A post's fields an edit may change, as stored. */
export interface PostEditFields {
  type: 'N' | 'S' | 'W' | 'R';
  title: string;
  content: string;
  phone: string;
  anony: 'Y' | 'N';
  image_url: string[];
}

export const postEditFieldNames = ['type', 'title', 'content', 'phone', 'anony', 'image_url'] as const;

export function storedPostFields(post: PostEditFields): PostEditFields {
  return {
    type: post.type,
    title: post.title.trim(),
    content: post.content.trim(),
    phone: post.phone.replace(/-/g, '').trim(),
    anony: post.anony,
    image_url: post.image_url,
  };
}

export interface CommentEditFields {
  comment: string;
  anony: 'Y' | 'N';
}

export const commentEditFieldNames = ['comment', 'anony'] as const;

export function storedCommentFields(comment: CommentEditFields): CommentEditFields {
  return { comment: comment.comment.trim(), anony: comment.anony };
}

/** A notification's fields an edit may change (not whether it is automatic), as stored. */
export interface NotifyEditFields {
  title: string;
  content: string;
  site_idx: number;
  made: 'Y' | 'N';
  push: 'Y' | 'N';
  auto_enable: 'Y' | 'N';
  auto_time: string;
  auto_interval: 'E' | '3' | '5';
  image_url: string[];
  contacts: Array<{ f_name: string; f_phone: string }>;
}

export const notifyEditFieldNames = [
  'title',
  'content',
  'site_idx',
  'made',
  'push',
  'auto_enable',
  'auto_time',
  'auto_interval',
  'image_url',
  'contacts',
] as const;

export function storedNotifyFields(fields: NotifyEditFields): NotifyEditFields {
  return {
    title: fields.title.trim(),
    content: fields.content.trim(),
    site_idx: fields.site_idx,
    made: fields.made,
    push: fields.push,
    auto_enable: fields.auto_enable,
    auto_time: fields.auto_time,
    auto_interval: fields.auto_interval,
    image_url: fields.image_url,
    contacts: filledContacts(fields.contacts),
  };
}

/** The named fields of a record, in that order (what an edit's base or a conflict side holds). */
export function pickFields<F extends object>(fields: F, names: readonly (keyof F)[]): Partial<F> {
  const out: Partial<F> = {};
  for (const name of names) if (fields[name] !== undefined) out[name] = fields[name];
  return out;
}
