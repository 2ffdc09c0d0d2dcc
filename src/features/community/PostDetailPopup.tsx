import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import {
  type CommunityDetail,
  getCommunityDetailCall,
  reportOrPreventCall,
} from '../../../sync/api/community.api.ts';
import { removeCommunity } from '../../../sync/community/community.mutators.ts';
import { api } from '../../api/client.ts';
import { useCall, useCallFailure } from '../../api/useCall.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { useBackOnline } from '../../ui/useOnline.ts';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { WaitingBadge } from '../sync/waiting.tsx';
import { Comments } from './Comments.tsx';
import { forgetPost, postDetail } from './community-cache.ts';
import { communityTypeLabels } from './labels.ts';
import { useWaitingPosts, withWaitingEdit } from './waiting-posts.ts';
import { useWriterName } from './writer.ts';

/**
 * Spec §2 Community detail: the post, its pictures and comments; edit and delete for the author or
 * a moderator; report the post or stop seeing its writer for others. Offline the copy kept on the
 * device is shown, and comments, edits and the delete still queue: a waiting edit shows at once over
 * the copy read, marked as waiting.
 */
export function PostDetailPopup({
  communityIdx,
  close,
  onEdit,
  onChanged,
}: {
  communityIdx: number;
  close: () => void;
  onEdit: (post: CommunityDetail) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const fail = useCallFailure();
  const { run } = useCall();
  const { send } = useSendOrQueue();
  const waiting = useWaitingPosts();
  const writer = useWriterName();
  const [read, setPost] = useState<CommunityDetail | null>(null);
  const [offline, setOffline] = useState(false);
  const locale = i18n.locale === 'en' ? 'en' : 'ko';

  const load = useCallback(() => {
    postDetail({
      idx: communityIdx,
      load: () => api(getCommunityDetailCall, { community_idx: communityIdx }),
    }).then(
      (found) => {
        setPost(found.post);
        setOffline(found.offline);
      },
      (err) => {
        fail(err);
        close();
      },
    );
  }, [communityIdx, fail, close]);
  useEffect(load, [load]);
  // The kept copy is replaced by the server's as soon as the network is back.
  useBackOnline({ waiting: offline, again: load });

  if (!read) return <p className="muted">{t`Loading…`}</p>;
  const edit = waiting.edits.get(read.f_idx);
  const post = withWaitingEdit(read, edit);

  const remove = async () => {
    if (!(await confirm(t`Delete this post?`, { danger: true }))) return;
    // Deleted now, or waiting in the outbox (the lists leave it out meanwhile).
    const done = await send({ mutator: removeCommunity, args: () => ({ idx_list: [post.f_idx] }) });
    if (done === undefined) return;
    if (done.status === 'sent') await forgetPost(post.f_idx);
    close();
    onChanged();
  };

  const reportOrPrevent = async (type: 'R' | 'P') => {
    // A block made from an anonymous post hides that writer's anonymous posts only (anonymity holds).
    const anonymous = post.f_anony === 'Y';
    const question =
      type === 'R'
        ? t`Report this post to the admins?`
        : anonymous
          ? t`Stop seeing this anonymous writer’s anonymous posts?`
          : t`Stop seeing posts by this writer?`;
    if (!(await confirm(question))) return;
    if ((await run(() => api(reportOrPreventCall, { community_idx: post.f_idx, type }))) === undefined)
      return;
    toast(
      type === 'R'
        ? t`Reported.`
        : anonymous
          ? t`You will no longer see this writer’s anonymous posts.`
          : t`You will no longer see this writer’s posts.`,
    );
    if (type === 'P') {
      close();
      onChanged();
    }
  };

  return (
    <article data-testid="post-detail">
      <p className="muted">
        {i18n._(communityTypeLabels[post.f_type])}
        {post.f_made === 'Y' ? ` · ${t`Made+`}` : ''}
      </p>
      <h2 className="modal__title">{post.f_title}</h2>
      {edit || waiting.removed.has(post.f_idx) ? <WaitingBadge /> : null}
      <p className="muted">
        {writer(post)} · {formatDateTime(post.f_reg_time, locale)}
      </p>
      {offline ? <p className="muted">{t`Offline: the copy kept on this device.`}</p> : null}
      <p className="post-body">{post.f_content}</p>
      {post.f_image_url.length > 0 ? (
        <div className="post-images">
          {post.f_image_url.map((url, i) => (
            <img key={url} src={url} alt={t`Attachment ${i + 1}`} />
          ))}
        </div>
      ) : null}
      <div className="row wrap">
        {post.can_edit ? (
          <>
            <button type="button" className="button button--small" onClick={() => onEdit(post)}>
              <Trans>Edit</Trans>
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => void remove()}
            >
              <Trans>Delete</Trans>
            </button>
          </>
        ) : null}
        {post.mine ? null : (
          <>
            <button type="button" className="button button--small" onClick={() => void reportOrPrevent('R')}>
              <Trans>Report</Trans>
            </button>
            <button type="button" className="button button--small" onClick={() => void reportOrPrevent('P')}>
              <Trans>Hide this writer</Trans>
            </button>
          </>
        )}
      </div>
      <Comments post={post} onChanged={load} />
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </article>
  );
}
