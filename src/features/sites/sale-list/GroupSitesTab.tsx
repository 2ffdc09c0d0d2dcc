import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { getSiteOfGroupCall } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import { useModal } from '../../../ui/modal.tsx';
import { GroupPicker } from '../../groups/GroupPicker.tsx';
import { knownGroups, preferredGroup, refreshMyGroups, useKnownGroups } from '../../groups/my-groups.ts';
import { localSitePage } from '../common/local-sites.ts';
import { SitePagedList } from '../common/SitePagedList.tsx';
import { useMember } from '../common/useMember.ts';
import { GroupManagePopup } from './GroupManagePopup.tsx';
import { SiteRowActions } from './SiteRowActions.tsx';
import { SiteSearchBox } from './SiteSearchBox.tsx';
import { useGroupActions } from './useGroupActions.tsx';

/**
 * Group sites: the sites shared to the member's groups (or one of them), searchable, new-open
 * only on request, and the group management (spec §2 My sale list). The tab opens on the
 * group opened last. Group members may mark units sold out (spec §6).
 */
export function GroupSitesTab() {
  const { t } = useLingui();
  const { uid } = useMember();
  const modal = useModal();
  const known = useKnownGroups();
  // undefined until the member picks: the tab follows the most recent group meanwhile.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [onlyNewOpen, setOnlyNewOpen] = useState(false);
  const select = useCallback((groupIdx: number | null) => {
    setPicked(groupIdx);
    setVersion((v) => v + 1);
  }, []);
  const actions = useGroupActions({ select });

  useEffect(() => {
    void refreshMyGroups();
  }, []);

  const stillMine = picked === null || known.groups.some((g) => g.f_idx === picked);
  const group = picked !== undefined && stillMine ? picked : preferredGroup(known);
  const selected = known.groups.find((g) => g.f_idx === group) ?? null;

  const online = useCallback(
    (page: number) =>
      api(getSiteOfGroupCall, {
        group_idx: group,
        search_key: keyword,
        is_only_new_open_site: onlyNewOpen ? 'Y' : 'N',
        page_num: page,
      }),
    [group, keyword, onlyNewOpen],
  );
  const offline = useCallback(
    (page: number) =>
      localSitePage({
        list: {
          kind: 'group',
          keyword,
          onlyNewOpen,
          groupIdx: group,
          known: knownGroups(uid)?.groups.map((g) => g.f_idx) ?? null,
        },
        uid,
        page,
      }),
    [group, keyword, onlyNewOpen, uid],
  );

  const manage = () => {
    if (!selected) return;
    modal.open((close) => (
      <GroupManagePopup
        group={selected}
        uid={uid}
        select={select}
        onClose={() => {
          close();
          setVersion((v) => v + 1);
        }}
      />
    ));
  };

  return (
    <>
      {known.groups.length === 0 ? (
        <div className="card" data-testid="no-groups">
          <p>
            <Trans>
              You are in no group yet. Make one and add colleagues by phone to share sites with each other.
            </Trans>
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={actions.pending}
            onClick={() => void actions.create()}
          >
            <Trans>New group</Trans>
          </button>
        </div>
      ) : (
        <div className="group-bar">
          <GroupPicker
            groups={known.groups}
            value={group}
            onChange={select}
            label={t`Group`}
            allLabel={t`All my groups`}
          />
          {selected ? (
            <button type="button" className="button button--small" onClick={manage}>
              <Trans>Manage</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small"
            disabled={actions.pending}
            onClick={() => void actions.create()}
          >
            <Trans>New group</Trans>
          </button>
        </div>
      )}
      <SiteSearchBox label={t`Search group sites`} onSearch={setKeyword} />
      <div className="row wrap">
        <label className="choice">
          <input type="checkbox" checked={onlyNewOpen} onChange={(e) => setOnlyNewOpen(e.target.checked)} />
          <Trans>New open only</Trans>
        </label>
      </div>
      <SitePagedList
        key={`${group}|${keyword}|${onlyNewOpen}|${version}`}
        label={t`Group sites`}
        online={online}
        offline={offline}
        actions={(site) => <SiteRowActions site={site} canComplete={site.f_site_type === 'O'} />}
      />
    </>
  );
}
