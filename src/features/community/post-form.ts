import { useCallback, useEffect, useState } from 'react';
import { todayWritingCountCall, type WritingCount } from '../../../sync/api/community.api.ts';
import { getAppInfoCall } from '../../../sync/api/system.api.ts';
import type { CommunityType } from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';

/** What the write form holds: the arguments of addCommunity, as typed. */
export interface PostFields {
  type: CommunityType;
  title: string;
  content: string;
  phone: string;
  anony: 'Y' | 'N';
  made: 'Y' | 'N';
  push: 'Y' | 'N';
  agree: 'Y' | 'N';
  /** Uploaded URLs, or `local-file:` references of pictures kept on the device. */
  image_url: string[];
}

export interface Costs {
  made: number;
  push: number;
}

const COSTS_KEY = 'bt.community-costs';

function keptCosts(): Costs | null {
  try {
    const raw = localStorage.getItem(COSTS_KEY);
    return raw ? (JSON.parse(raw) as Costs) : null;
  } catch {
    return null;
  }
}

/**
 * The made+ and push costs (spec §3 app settings) for the form's confirmations, and the posts
 * left today. Online both come from the server; offline the costs last seen are shown (the server
 * charges what it says at publish time) and the count is unknown.
 */
export function useWritingInfo() {
  const [costs, setCosts] = useState<Costs | null>(keptCosts);
  const [count, setCount] = useState<WritingCount | null>(null);
  const refresh = useCallback(() => {
    api(getAppInfoCall, {}).then(
      (info) => {
        const next = { made: info.community_made_point, push: info.community_push_point };
        setCosts(next);
        try {
          localStorage.setItem(COSTS_KEY, JSON.stringify(next));
        } catch {
          // Storage unavailable: the costs are shown for this visit only.
        }
      },
      () => {},
    );
    api(todayWritingCountCall, {}).then(setCount, () => {});
  }, []);
  useEffect(refresh, [refresh]);
  return { costs, count };
}
