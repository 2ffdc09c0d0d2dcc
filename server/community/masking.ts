import type { CommunityComment, CommunityPost } from '../../sync/api/community.api.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { CommentRecord, PostRecord } from './community.repository.ts';
import { moderates } from './moderation.ts';

/**
 * What a viewer sees of a post or a comment (spec §6): the one place the board masks an anonymous
 * writer's phone, name and id, and says who may edit. Every answer of the board goes through here.
 */

/** Spec §6: the writer's phone and name show to moderators, to the writer, or when not anonymous. */
export function identityShown({
  anony,
  writerIdx,
  auth,
}: {
  anony: 'Y' | 'N';
  writerIdx: number;
  auth: AuthInfo;
}) {
  return anony === 'N' || writerIdx === auth.user.f_idx || moderates(auth);
}

export function canEdit({ writerIdx, auth }: { writerIdx: number; auth: AuthInfo }): boolean {
  return writerIdx === auth.user.f_idx || moderates(auth);
}

export function toPost({ row, auth, now }: { row: PostRecord; auth: AuthInfo; now: Date }): CommunityPost {
  const shown = identityShown({ anony: row.f_anony, writerIdx: row.f_user_idx, auth });
  const pinned = row.f_made_until !== null && new Date(row.f_made_until) > now;
  return {
    f_idx: row.f_idx,
    f_type: row.f_type,
    f_title: row.f_title,
    f_content: row.f_content,
    f_phone: shown ? row.f_phone : '',
    f_user_name: shown ? row.f_user_name : '',
    f_user_idx: shown ? row.f_user_idx : 0,
    f_anony: row.f_anony,
    f_made: pinned ? 'Y' : 'N',
    f_made_until: row.f_made_until,
    f_push: row.f_push,
    f_image_url: JSON.parse(row.f_image_url) as string[],
    f_reg_time: row.f_reg_time,
    f_update_time: row.f_update_time,
    f_version: row.f_version,
    comment_count: Number(row.comment_count),
    mine: row.f_user_idx === auth.user.f_idx,
    can_edit: canEdit({ writerIdx: row.f_user_idx, auth }),
  };
}

export function toComment({ row, auth }: { row: CommentRecord; auth: AuthInfo }): CommunityComment {
  const shown = identityShown({ anony: row.f_anony, writerIdx: row.f_user_idx, auth });
  return {
    f_idx: row.f_idx,
    f_comment: row.f_comment,
    f_anony: row.f_anony,
    f_user_name: shown ? row.f_user_name : '',
    f_user_idx: shown ? row.f_user_idx : 0,
    f_reg_time: row.f_reg_time,
    f_version: row.f_version,
    mine: row.f_user_idx === auth.user.f_idx,
    can_edit: canEdit({ writerIdx: row.f_user_idx, auth }),
  };
}
