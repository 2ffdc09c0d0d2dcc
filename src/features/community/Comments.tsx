import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type CommunityComment,
  type CommunityDetail,
  removeCommentCall,
  updateCommentCall,
} from '../../../sync/api/community.api.ts';
import { addComment } from '../../../sync/community/community.mutators.ts';
import { CommunityRules, commentProblem } from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm, usePrompt } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { QueuedWrite } from '../sync/QueuedWrites.tsx';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { useQueuedComments } from './queued-comments.ts';
import { useWriterName } from './writer.ts';

/**
 * A post's comments (spec §2, §7 comment add, update, remove): anyone adds, with anonymity; the
 * writer or a moderator edits and deletes. A comment written offline waits in the outbox and shows
 * at once under the others, marked as waiting; refused on sync, it shows the server's reason with
 * its text, and "Write again" puts the text back in the box (the refusal leaves once it is sent).
 */
export function Comments({ post, onChanged }: { post: CommunityDetail; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const { run } = useCall();
  const { send: sendOrQueue, pending } = useSendOrQueue();
  const writer = useWriterName();
  const [comment, setComment] = useState('');
  const [anony, setAnony] = useState<'Y' | 'N'>('N');
  /** The refused comment being written again: dismissed once the new one is sent or queued. */
  const [retrySeq, setRetrySeq] = useState<number | null>(null);
  const queued = useQueuedComments({ post, onArrived: onChanged });
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const needsComment = t`Please enter a comment.`;

  const send = async () => {
    if (commentProblem({ comment })) return toast(needsComment);
    const args = { community_idx: post.f_idx, comment: comment.trim(), anony };
    const outcome = await sendOrQueue({
      mutator: addComment,
      args: () => args,
      retried: retrySeq ?? undefined,
    });
    if (outcome === undefined) return;
    setComment('');
    setRetrySeq(null);
    if (outcome.status === 'sent') onChanged();
  };

  const edit = async (row: CommunityComment) => {
    const text = await prompt({
      title: t`Edit comment`,
      label: t`Comment`,
      validate: (value) => (commentProblem({ comment: value }) ? needsComment : null),
    });
    if (text === null) return;
    const args = { community_idx: post.f_idx, comment_idx: row.f_idx, comment: text, anony: row.f_anony };
    if ((await run(() => api(updateCommentCall, args))) !== undefined) onChanged();
  };

  const remove = async (row: CommunityComment) => {
    if (!(await confirm(t`Delete this comment?`, { danger: true }))) return;
    const args = { community_idx: post.f_idx, comment_idx: row.f_idx };
    if ((await run(() => api(removeCommentCall, args))) !== undefined) onChanged();
  };

  return (
    <section aria-label={t`Comments`}>
      <h3>{t`Comments ${post.comment_list.length}`}</h3>
      <ul className="list">
        {post.comment_list.map((row) => (
          <li key={row.f_idx} className="comment">
            <span className="muted">
              {writer(row)} · {formatDateTime(row.f_reg_time, locale)}
            </span>
            <span className="post-body">{row.f_comment}</span>
            {row.can_edit ? (
              <div className="row">
                <button type="button" className="button button--small" onClick={() => void edit(row)}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="button button--small" onClick={() => void remove(row)}>
                  <Trans>Delete</Trans>
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {queued.map((entry) => {
        const args = entry.args as { comment: string; anony: 'Y' | 'N' };
        return (
          <QueuedWrite
            key={entry.seq}
            entry={entry}
            text={args.comment}
            testId="queued-comment"
            refusedText={(reason) => t`Not sent: ${reason}`}
            waitingText={t`Waiting to be sent when the connection is back.`}
            onWriteAgain={() => {
              setComment(args.comment);
              setAnony(args.anony);
              setRetrySeq(entry.seq as number);
            }}
          />
        );
      })}
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <textarea
          className="input"
          rows={2}
          maxLength={CommunityRules.maxComment}
          aria-label={t`Comment`}
          placeholder={t`Write a comment`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <div className="row">
          <label className="check grow">
            <input
              type="checkbox"
              checked={anony === 'Y'}
              onChange={(e) => setAnony(e.target.checked ? 'Y' : 'N')}
            />{' '}
            <Trans>Anonymous</Trans>
          </label>
          <button type="submit" className="button button--primary" disabled={pending}>
            <Trans>Add comment</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
