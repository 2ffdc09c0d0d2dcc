import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommunityDetail } from '../../../sync/api/community.api.ts';
import type { OutboxEntry } from '../../db/db.ts';
import { useQueuedEntries } from '../sync/QueuedWrites.tsx';

/**
 * The comments on one post that wait in the outbox (written offline) or were refused on sync,
 * read from the outbox itself. When a waiting one leaves the outbox (the server has it and the
 * pull came back), `onArrived` asks for the post again, and the comment stays shown, still marked,
 * until that new copy of the post (`post`) arrives with the server's comment in it: no blink.
 */
export function useQueuedComments({
  post,
  onArrived,
}: {
  post: CommunityDetail;
  onArrived: () => void;
}): OutboxEntry[] {
  const postIdx = post.f_idx;
  const keep = useCallback(
    (args: { community_idx: number | string }) => Number(args.community_idx) === postIdx,
    [postIdx],
  );
  const entries = useQueuedEntries({ name: 'addComment', keep });
  const [leaving, setLeaving] = useState<OutboxEntry[]>([]);
  const seen = useRef(new Map<number, OutboxEntry>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: compares each outbox answer with the last one.
  useEffect(() => {
    const now = new Map(entries.map((e) => [e.seq as number, e]));
    const arrived = [...seen.current.values()].filter(
      (e) => !now.has(e.seq as number) && e.status !== 'rejected',
    );
    seen.current = now;
    if (arrived.length === 0) return;
    setLeaving((list) => [...list, ...arrived]);
    onArrived();
  }, [entries]);
  // A new copy of the post holds what arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each copy of the post.
  useEffect(() => setLeaving([]), [post]);
  return [...entries, ...leaving.filter((e) => !entries.some((x) => x.seq === e.seq))];
}
