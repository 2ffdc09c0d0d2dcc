import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type CommunityPost, getCommunityPushListCall } from '../../../sync/api/community.api.ts';
import { api } from '../../api/client.ts';

/**
 * Spec §2 push hook, in the app: posts published with push that the member has not opened yet.
 * Opening one reads it (the server marks it). Online only; offline the section is simply absent.
 */
export function PushedPosts({ onOpen }: { onOpen: (post: CommunityPost) => void }) {
  const { t } = useLingui();
  const [posts, setPosts] = useState<CommunityPost[]>([]);
  useEffect(() => {
    api(getCommunityPushListCall, { page_num: 1 }).then(
      (page) => setPosts(page.list),
      () => setPosts([]),
    );
  }, []);
  if (posts.length === 0) return null;
  return (
    <section className="card" aria-label={t`New for you`} data-testid="pushed-posts">
      <strong>{t`New for you`}</strong>
      <ul className="list">
        {posts.map((post) => (
          <li key={post.f_idx}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                // Opening reads it on the server; it leaves the list at once.
                setPosts((list) => list.filter((p) => p.f_idx !== post.f_idx));
                onOpen(post);
              }}
            >
              {post.f_title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
