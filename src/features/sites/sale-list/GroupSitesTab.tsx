import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { type GroupOfMember, getSiteOfGroupCall } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import { localSitePage } from '../common/local-sites.ts';
import { SitePagedList } from '../common/SitePagedList.tsx';
import { useMember } from '../common/useMember.ts';
import { SiteRowActions } from './SiteRowActions.tsx';
import { SiteSearchBox } from './SiteSearchBox.tsx';

/**
 * Group sites: the sites shared to the member's groups (or one of them), searchable, new-open
 * only on request. Group members may mark units sold out (spec §6).
 */
export function GroupSitesTab() {
  const { t } = useLingui();
  const { uid } = useMember();
  const [groups, setGroups] = useState<GroupOfMember[]>([]);
  const [group, setGroup] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [onlyNewOpen, setOnlyNewOpen] = useState(false);

  const online = useCallback(
    async (page: number) => {
      const res = await api(getSiteOfGroupCall, {
        group_idx: group,
        search_key: keyword,
        is_only_new_open_site: onlyNewOpen ? 'Y' : 'N',
        page_num: page,
      });
      setGroups(res.groups);
      return res;
    },
    [group, keyword, onlyNewOpen],
  );
  const offline = useCallback(
    (page: number) => localSitePage({ list: { kind: 'group', keyword, onlyNewOpen }, uid, page }),
    [keyword, onlyNewOpen, uid],
  );

  return (
    <>
      <SiteSearchBox label={t`Search group sites`} onSearch={setKeyword} />
      <div className="row wrap">
        <select
          className="input"
          aria-label={t`Group`}
          value={group ?? ''}
          onChange={(e) => setGroup(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t`All my groups`}</option>
          {groups.map((g) => (
            <option key={g.f_idx} value={g.f_idx}>
              {g.f_name}
            </option>
          ))}
        </select>
        <label className="choice">
          <input type="checkbox" checked={onlyNewOpen} onChange={(e) => setOnlyNewOpen(e.target.checked)} />
          <Trans>New open only</Trans>
        </label>
      </div>
      <SitePagedList
        key={`${group}|${keyword}|${onlyNewOpen}`}
        label={t`Group sites`}
        online={online}
        offline={offline}
        actions={(site) => <SiteRowActions site={site} canComplete={site.f_site_type === 'O'} />}
      />
    </>
  );
}
