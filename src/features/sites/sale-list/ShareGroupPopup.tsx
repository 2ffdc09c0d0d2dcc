import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { releaseSiteFromGroupCall, shareSiteToGroupCall } from '../../../../sync/api/groups.api.ts';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { useSyncStatus } from '../../../sync/client.ts';
import { GroupPicker } from '../../groups/GroupPicker.tsx';
import { preferredGroup, refreshMyGroups, useKnownGroups } from '../../groups/my-groups.ts';

/**
 * The owner shares a site to one of their groups, moves it to another, or stops sharing it
 * (spec §6, §7 shareSiteToGroup, releaseSiteFromGroup). Online only: the group's members get
 * or lose the site on their devices at their next sync.
 */
export function ShareGroupPopup({
  site,
  onClose,
  onChanged,
}: {
  site: SiteListItem;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const { online } = useSyncStatus();
  const known = useKnownGroups();
  const [choice, setChoice] = useState<number | null>(site.f_group_idx);
  useEffect(() => {
    void refreshMyGroups();
  }, []);
  const value = choice ?? preferredGroup(known);
  const current = known.groups.find((g) => g.f_idx === site.f_group_idx);

  const share = async () => {
    if (value === null) return;
    if (await run(() => api(shareSiteToGroupCall, { site_idx: site.f_idx, group_idx: value }))) {
      onChanged();
      onClose();
    }
  };
  const release = async () => {
    if (await run(() => api(releaseSiteFromGroupCall, { site_idx: site.f_idx }))) {
      onChanged();
      onClose();
    }
  };

  return (
    <div data-testid="share-group">
      <h2 className="modal__title">{t`Share with a group · ${site.f_name}`}</h2>
      {!online ? (
        <p className="banner banner--warn">
          <Trans>Sharing with a group needs a network connection.</Trans>
        </p>
      ) : null}
      <p className="muted">
        {site.f_group_idx === null
          ? t`Not shared with a group.`
          : t`Shared with ${current?.f_name ?? t`a group`}.`}
      </p>
      {known.groups.length === 0 ? (
        <p>
          <Trans>You are in no group. Make one in the Group sites tab first.</Trans>
        </p>
      ) : (
        <GroupPicker
          groups={known.groups}
          value={value}
          onChange={setChoice}
          label={t`Group to share with`}
        />
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        {site.f_group_idx !== null ? (
          <button
            type="button"
            className="button button--danger"
            disabled={pending}
            onClick={() => void release()}
          >
            <Trans>Stop sharing</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          disabled={pending || value === null || value === site.f_group_idx}
          onClick={() => void share()}
        >
          <Trans>Share</Trans>
        </button>
      </div>
    </div>
  );
}
