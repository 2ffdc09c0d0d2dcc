import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { CommunityComment, CommunityDetail } from '../../../sync/api/community.api.ts';
import { addComment, removeComment, updateComment } from '../../../sync/community/community.mutators.ts';
import { CommunityRules, commentProblem } from '../../../sync/community/rules.ts';
import type { MutatorInput } from '../../../sync/mutators.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm, usePrompt } from '../../ui/dialogs.tsx';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { QueuedWrite, useQueuedEntries } from '../sync/QueuedWrites.tsx';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { WaitingBadge } from '../sync/waiting.tsx';
import { useQueuedComments } from './queued-comments.ts';
import { useWriterName } from './writer.ts';

/**
 * A post's comments (spec §2, §7 comment add, update, remove): anyone adds, with anonymity; the
 * writer or a moderator edits and deletes. A comment written offline waits in the outbox and shows
 * at once under the others, marked as waiting; refused on sync, it shows the server's reason with
 * its text, and "Write again" puts the text back in the box (the refusal leaves once it is sent).
 * Edits and deletes are sent now or wait in the outbox the same way: a waiting edit shows its text
 * over the comment, a waiting delete hides it, both marked; a refused edit keeps its text.
 */

type CommentEdit = MutatorInput<'updateComment'>;

/** The waiting edits (latest per comment) and deletes of this post's comments, and the refused edits. */
function useWaitingComments(postIdx: number) {
  const keep = useCallback(
    (args: { community_idx: number | string }) => Number(args.community_idx) === postIdx,
    [postIdx],
  );
  const edits = useQueuedEntries({ name: 'updateComment', keep });
  const removes = useQueuedEntries({ name: 'removeComment', keep });
  const text = new Map<number, string>();
  for (const entry of [...edits].sort((a, b) => Number(a.seq) - Number(b.seq))) {
    const args = entry.args as CommentEdit;
    if (entry.status !== 'rejected') text.set(Number(args.comment_idx), args.comment.trim());
  }
  const removed = new Set(
    removes
      .filter((e) => e.status !== 'rejected')
      .map((e) => Number((e.args as MutatorInput<'removeComment'>).comment_idx)),
  );
  return { text, removed, refused: edits.filter((e) => e.status === 'rejected') };
}
export function Comments({ post, onChanged }: { post: CommunityDetail; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const { send: sendOrQueue, pending } = useSendOrQueue();
  const writer = useWriterName();
  const [comment, setComment] = useState('');
  const [anony, setAnony] = useState<'Y' | 'N'>('N');
  /** The refused comment being written again: dismissed once the new one is sent or queued. */
  const [retrySeq, setRetrySeq] = useState<number | null>(null);
  const queued = useQueuedComments({ post, onArrived: onChanged });
  const waiting = useWaitingComments(post.f_idx);
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const needsComment = t`Please enter a comment.`;
  const checked = useFieldProblems(['comment'] as const);

  const send = async () => {
    if (checked.show({ comment: commentProblem({ comment }) ? needsComment : undefined })) return;
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

  /** Sent now or queued with the copy it was made on; `retried` is the refused edit written again. */
  const edit = async (row: CommunityComment, from?: { text: string; retried: number; base: CommentEdit }) => {
    const text = await prompt({
      title: t`Edit comment`,
      label: t`Comment`,
      initial: from?.text ?? waiting.text.get(row.f_idx) ?? row.f_comment,
      validate: (value) => (commentProblem({ comment: value }) ? needsComment : null),
    });
    if (text === null) return;
    const args: CommentEdit = {
      community_idx: post.f_idx,
      comment_idx: row.f_idx,
      comment: text,
      anony: row.f_anony,
      base_version: from ? from.base.base_version : row.f_version,
      base: from ? from.base.base : { comment: row.f_comment, anony: row.f_anony },
    };
    const outcome = await sendOrQueue({ mutator: updateComment, args: () => args, retried: from?.retried });
    if (outcome?.status === 'sent') onChanged();
  };

  const remove = async (row: CommunityComment) => {
    if (!(await confirm(t`Delete this comment?`, { danger: true }))) return;
    const args = { community_idx: post.f_idx, comment_idx: row.f_idx };
    const outcome = await sendOrQueue({ mutator: removeComment, args: () => args });
    if (outcome?.status === 'sent') onChanged();
  };

  return (
    <section aria-label={t`Comments`}>
      <h3>{t`Comments ${post.comment_list.length}`}</h3>
      <ul className="list">
        {post.comment_list.map((row) => {
          if (waiting.removed.has(row.f_idx)) return null;
          const edited = waiting.text.get(row.f_idx);
          return (
            <li key={row.f_idx} className="comment">
              <span className="muted">
                {writer(row)} · {formatDateTime(row.f_reg_time, locale)}
              </span>
              <span className="post-body">{edited ?? row.f_comment}</span>
              {edited !== undefined ? (
                <div>
                  <WaitingBadge />
                </div>
              ) : null}
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
          );
        })}
      </ul>
      {waiting.refused.map((entry) => {
        const args = entry.args as CommentEdit;
        const row = post.comment_list.find((c) => c.f_idx === Number(args.comment_idx));
        return (
          <QueuedWrite
            key={entry.seq}
            entry={entry}
            text={args.comment}
            testId="queued-comment-edit"
            refusedText={(reason) => t`Not saved: ${reason}`}
            waitingText=""
            // A comment deleted meanwhile cannot be edited again: its text stays here until dismissed.
            onWriteAgain={() => {
              if (row) void edit(row, { text: args.comment, retried: entry.seq as number, base: args });
            }}
          />
        );
      })}
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
      <ProblemsScope of={checked}>
        <form
          ref={checked.root}
          className="form"
          noValidate
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
            onChange={(e) => {
              checked.clear('comment');
              setComment(e.target.value);
            }}
            {...checked.controlProps('comment')}
          />
          <FieldProblem field="comment" />
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
      </ProblemsScope>
    </section>
  );
}
