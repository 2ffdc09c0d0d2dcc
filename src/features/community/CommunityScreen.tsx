import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { CommunityDetail, CommunityPost } from '../../../sync/api/community.api.ts';
import { removeCommunity } from '../../../sync/community/community.mutators.ts';
import type { CommunityType } from '../../../sync/community/rules.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useProfile } from '../auth/profile.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { forgetPost } from './community-cache.ts';
import { communityTypeLabels } from './labels.ts';
import { isModerator } from './moderation.ts';
import { PostDetailPopup } from './PostDetailPopup.tsx';
import { PostFormPopup, type PostFormTarget } from './PostFormPopup.tsx';
import { PostList, type PostQuery } from './PostList.tsx';
import { PushedPosts } from './PushedPosts.tsx';
import type { PostFields } from './post-form.ts';
import './community.css';
import { localDb } from '../../db/db.ts';
import { uploadedImages } from '../../sync/files.ts';
import { QueuedWrites } from '../sync/QueuedWrites.tsx';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { BoardSearch } from './BoardSearch.tsx';
import { postBaseOf } from './waiting-posts.ts';

const tabs: ReadonlyArray<CommunityType | ''> = ['', 'N', 'S', 'W', 'R'];

/**
 * Spec §2 Community: tabs all, notice, find site, worker job, free board; search by column with
 * the keyword's spaces stripped (by the server); mine only; write; open a post. Moderators pick
 * posts for a bulk delete. Posts waiting in the outbox (or refused) show above the list.
 */
export function CommunityScreen() {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const confirm = useConfirm();
  const ticket = useTicketCheck();
  const { send } = useSendOrQueue();
  const profile = useProfile();
  const moderator = isModerator(profile);
  const [query, setQuery] = useState<PostQuery>({ type: '', column: 'title', keyword: '', mine: false });
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const reload = () => {
    setSelected(new Set());
    setVersion((v) => v + 1);
  };

  const openForm = (target: PostFormTarget) =>
    modal.open((close) => (
      <PostFormPopup target={target} moderator={moderator} close={close} onDone={reload} />
    ));

  const write = async () => {
    // Online the ticket is checked before typing (spec §6); offline the server checks it on sync.
    if (navigator.onLine && !(await ticket.check())) return;
    openForm({});
  };

  const edit = async (post: CommunityDetail) => {
    await afterModalClosed();
    openForm({
      communityIdx: post.f_idx,
      initial: {
        type: post.f_type,
        title: post.f_title,
        content: post.f_content,
        phone: post.f_phone,
        anony: post.f_anony,
        agree: 'N',
        image_url: post.f_image_url,
      },
      base: postBaseOf(post),
    });
  };

  const openPost = (communityIdx: number) =>
    modal.open((close) => (
      <PostDetailPopup
        communityIdx={communityIdx}
        close={close}
        onChanged={reload}
        onEdit={(detail) => {
          close();
          void edit(detail);
        }}
      />
    ));

  const open = (post: CommunityPost) => openPost(post.f_idx);

  // Spec §4 push types 6 and 7: a push's click lands on /Community?open=<idx> (sync/push/push-target.ts);
  // the address is reset first (so back from the post stays on the board) and the post's detail opens.
  const navigate = useNavigate();
  // Checked here rather than by the route's validateSearch: the route file is in the entry.
  const asked = Number((useSearch({ strict: false }) as { open?: unknown }).open);
  const openIdx = Number.isSafeInteger(asked) && asked > 0 ? asked : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for each post a push opens.
  useEffect(() => {
    if (!openIdx) return;
    void navigate({ to: '/Community', search: {}, replace: true }).then(() => openPost(openIdx));
  }, [openIdx]);

  const removeSelected = async () => {
    const idxList = [...selected];
    if (!(await confirm(t`Delete ${idxList.length} posts?`, { danger: true }))) return;
    // Deleted now, or waiting in the outbox (the list leaves the posts out meanwhile).
    const done = await send({ mutator: removeCommunity, args: () => ({ idx_list: idxList }) });
    if (done === undefined) return;
    if (done.status === 'sent') await Promise.all(idxList.map(forgetPost));
    reload();
  };

  return (
    <>
      <ScreenHeader
        title={t`Community`}
        right={
          <button type="button" className="button button--small button--primary" onClick={() => void write()}>
            <Trans>Write</Trans>
          </button>
        }
      />
      <main className="screen">
        <div className="tabs community-tabs" role="tablist">
          {tabs.map((type) => (
            <button
              key={type || 'all'}
              type="button"
              role="tab"
              aria-selected={query.type === type}
              onClick={() => {
                setSelected(new Set());
                setQuery((q) => ({ ...q, type }));
              }}
            >
              {type === '' ? t`All` : i18n._(communityTypeLabels[type])}
            </button>
          ))}
        </div>
        <BoardSearch initialColumn="title" onSearch={(found) => setQuery((q) => ({ ...q, ...found }))} />
        <div className="row">
          <label className="check grow">
            <input
              type="checkbox"
              checked={query.mine}
              onChange={(e) => setQuery((q) => ({ ...q, mine: e.target.checked }))}
            />{' '}
            <Trans>My posts only</Trans>
          </label>
          {moderator && selected.size > 0 ? (
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => void removeSelected()}
            >
              {t`Delete selected (${selected.size})`}
            </button>
          ) : null}
        </div>
        <PushedPosts key={`pushed-${version}`} onOpen={open} />
        <QueuedWrites
          name="addCommunity"
          label={t`Posts on this device`}
          testId="queued-post"
          refusedText={(reason) => t`Not published: ${reason}`}
          waitingText={t`Waiting to be published when the connection is back.`}
          onWriteAgain={(args, seq) =>
            void uploadedImages({ db: localDb, refs: args.image_url ?? [] }).then((image_url) =>
              openForm({ initial: { ...(args as PostFields), image_url }, rejectedSeq: seq }),
            )
          }
        />
        <QueuedWrites
          name="updateCommunity"
          label={t`Post edits on this device`}
          testId="queued-post-edit"
          refusedText={(reason) => t`Not saved: ${reason}`}
          waitingText={t`Waiting to be saved when the connection is back.`}
          onWriteAgain={(args, seq) =>
            void uploadedImages({ db: localDb, refs: args.image_url ?? [] }).then((image_url) =>
              openForm({
                communityIdx: Number(args.community_idx),
                initial: { ...(args as Partial<PostFields>), made: 'N', push: 'N', image_url },
                rejectedSeq: seq,
                base: { version: args.base_version ?? null, fields: args.base ?? null },
              }),
            )
          }
        />
        <PostList
          key={`${query.type}|${query.column}|${query.keyword}|${query.mine}|${version}`}
          query={query}
          onOpen={open}
          {...(moderator
            ? {
                selected,
                onSelect: (idx: number, on: boolean) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (on) next.add(idx);
                    else next.delete(idx);
                    return next;
                  }),
              }
            : {})}
        />
      </main>
    </>
  );
}
