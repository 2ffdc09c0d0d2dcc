import { useLiveQuery } from 'dexie-react-hooks';
import type { CommunityPost } from '../../../sync/api/community.api.ts';
import { type PostEditFields, storedPostFields } from '../../../sync/edits/edit-fields.ts';
import type { MutatorInput } from '../../../sync/mutators.ts';
import { localDb, type OutboxEntry } from '../../db/db.ts';

/**
 * Edits and deletes of posts made on this device that the server's copy does not hold yet
 * (waiting to be sent, or sent and not yet pulled back), read from the outbox itself: the
 * community is a device cache, not a pulled entity, so the screens lay these over what they
 * read online or from the cache, marked as waiting (docs/conventions.md "Community and
 * inquiries"). A refused one no longer counts: the post shows as the server has it, and the
 * refusal is listed with its text.
 */

export type PostEditArgs = MutatorInput<'updateCommunity'>;

export interface WaitingPosts {
  /** The latest waiting edit of each post. */
  edits: ReadonlyMap<number, PostEditArgs>;
  /** Posts with a waiting delete. */
  removed: ReadonlySet<number>;
}

const none: WaitingPosts = { edits: new Map(), removed: new Set() };

const waiting = (e: OutboxEntry) => e.status !== 'rejected' && e.status !== 'confirmed';

export function useWaitingPosts(): WaitingPosts {
  return (
    useLiveQuery(async () => {
      const entries = await localDb.outbox
        .where('name')
        .anyOf('updateCommunity', 'removeCommunity')
        .filter(waiting)
        .sortBy('seq');
      const edits = new Map<number, PostEditArgs>();
      const removed = new Set<number>();
      for (const entry of entries) {
        if (entry.name === 'updateCommunity') {
          const args = entry.args as PostEditArgs;
          edits.set(Number(args.community_idx), args);
        } else {
          for (const idx of (entry.args as MutatorInput<'removeCommunity'>).idx_list)
            removed.add(Number(idx));
        }
      }
      return { edits, removed };
    }, []) ?? none
  );
}

/** The post as this device's waiting edit makes it. */
export function withWaitingEdit<P extends CommunityPost>(post: P, edit: PostEditArgs | undefined): P {
  if (!edit) return post;
  // Normalised as the server stores it, so the copy shown is the copy that will come back.
  const stored = storedPostFields({
    type: edit.type,
    title: edit.title,
    content: edit.content,
    phone: edit.phone,
    anony: edit.anony ?? post.f_anony,
    image_url: edit.image_url ?? post.f_image_url,
  });
  return {
    ...post,
    f_type: stored.type,
    f_title: stored.title,
    f_content: stored.content,
    f_phone: stored.phone,
    f_anony: stored.anony,
    f_image_url: stored.image_url,
  };
}

/** The copy an edit of this post is made on: its edit count and its fields as shown. */
export function postBaseOf(post: CommunityPost): { version: number; fields: PostEditFields } {
  return {
    version: post.f_version,
    fields: {
      type: post.f_type,
      title: post.f_title,
      content: post.f_content,
      phone: post.f_phone,
      anony: post.f_anony,
      image_url: post.f_image_url,
    },
  };
}
