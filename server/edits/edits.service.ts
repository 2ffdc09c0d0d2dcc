import type { CommentEditFields, NotifyEditFields, PostEditFields } from '../../sync/edits/edit-fields.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { findComment, findPost } from '../community/community.repository.ts';
import { editComment, editPost } from '../community/post-edits.ts';
import { checkAccess } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { applied, type MutationContext, type MutationOutcome } from '../http/mutation.ts';
import { findItem } from '../notify/notify.repository.ts';
import { editNotify } from '../notify/notify-edits.ts';
import { editMessages } from './edits.messages.ts';
import { settleEditConflict } from './edits.repository.ts';

/**
 * Settling an edit conflict (sync/edits/edits.mutators.ts; its server side is edits.mutators.ts).
 * The fields the member keeps as theirs are a new edit of the copy the conflict showed them (base: the server's values it held), run by
 * the feature's own edit with its access and charging rules; it may meet a newer copy and become a
 * conflict again. Keeping the server's values writes nothing. A post, comment or notification
 * deleted meanwhile leaves nothing to keep: the conflict closes.
 */

type Settled = NonNullable<Awaited<ReturnType<typeof settleEditConflict>>>;

async function keepMine({
  ctx,
  settled,
}: {
  ctx: MutationContext;
  settled: Settled;
}): Promise<MutationOutcome> {
  const gone = applied({ kept: [] });
  const base = { base: settled.theirs, base_version: settled.theirsVersion };
  if (settled.kind === 'post') {
    const row = await findPost({ db: ctx.tx, postIdx: settled.targetIdx });
    if (!row) return gone;
    const mine = settled.mine as Partial<PostEditFields>;
    const args: MutatorArgs<'updateCommunity'> = {
      community_idx: row.f_idx,
      type: mine.type ?? row.f_type,
      title: mine.title ?? row.f_title,
      content: mine.content ?? row.f_content,
      phone: mine.phone ?? row.f_phone,
      anony: mine.anony ?? row.f_anony,
      image_url: mine.image_url ?? (JSON.parse(row.f_image_url) as string[]),
      // The member agreed when they wrote these fields; they passed the post's checks then.
      agree: 'Y',
      ...base,
    };
    return editPost({ ctx, args });
  }
  if (settled.kind === 'comment') {
    const where = { postIdx: settled.postIdx ?? 0, commentIdx: settled.targetIdx };
    const row = await findComment({ db: ctx.tx, ...where });
    if (!row) return gone;
    const mine = settled.mine as Partial<CommentEditFields>;
    const args: MutatorArgs<'updateComment'> = {
      community_idx: where.postIdx,
      comment_idx: where.commentIdx,
      comment: mine.comment ?? row.f_comment,
      anony: mine.anony ?? row.f_anony,
      ...base,
    };
    return editComment({ ctx, args });
  }
  const item = await findItem({ db: ctx.tx, viewerIdx: ctx.auth.user.f_idx, notifyIdx: settled.targetIdx });
  if (!item?.mine) return gone;
  const mine = settled.mine as Partial<NotifyEditFields>;
  const args: MutatorArgs<'updateNotify'> = {
    notify_idx: item.f_idx,
    title: mine.title ?? item.f_title,
    content: mine.content ?? item.f_content,
    site_idx: mine.site_idx ?? item.f_site_idx ?? 0,
    made: mine.made ?? item.f_made,
    push: mine.push ?? item.f_push,
    is_auto: item.f_auto,
    auto_enable: mine.auto_enable ?? item.f_auto_enable,
    auto_time: mine.auto_time ?? item.f_auto_time,
    auto_interval: mine.auto_interval ?? item.f_auto_interval,
    image_url: mine.image_url ?? (item.f_image_url === '' ? [] : item.f_image_url.split(',')),
    contacts: mine.contacts ?? item.contacts_list,
    ...base,
  };
  return editNotify({ ctx, args });
}

/** resolveEditConflict: the member's open conflict settled as they chose (see above). */
export async function resolveEditConflict({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'resolveEditConflict'>;
}): Promise<MutationOutcome> {
  const settled = await settleEditConflict({
    tx: ctx.tx,
    userIdx: ctx.auth.user.f_idx,
    conflictIdx: args.conflict_idx,
    choose: args.choose,
    now: ctx.now,
  });
  if (!settled) throw notFound(editMessages.conflictNotFound);
  if (settled.kept.length === 0) return applied({ kept: [] });
  // Keeping one's own values is an edit: a member limited from writing may only keep the server's.
  await checkAccess({
    access: { kind: 'member', write: true },
    auth: ctx.auth,
    db: ctx.tx,
    now: ctx.now,
  });
  return keepMine({ ctx, settled });
}
