import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { type GroupMember, getMembersOfGroupCall } from '../../../../sync/api/groups.api.ts';
import { api } from '../../../api/client.ts';
import { useQuery } from '../../../api/useQuery.ts';
import { formatPhone } from '../../../lib/format.ts';
import { useSyncStatus } from '../../../sync/client.ts';
import type { PickerGroup } from '../../groups/GroupPicker.tsx';
import { useKnownGroups } from '../../groups/my-groups.ts';
import { useGroupActions } from './useGroupActions.tsx';

/**
 * Group management (spec §2 My sale list): the group's members, adding one by phone,
 * removing one (the owner; your own phone is leaving), renaming (the owner) and leaving.
 * Online only: offline it says so, and every button answers that it needs a network.
 */
export function GroupManagePopup({
  group,
  uid,
  select,
  onClose,
}: {
  group: PickerGroup;
  uid: number;
  /** Moves the group sites tab to a group (after leaving, the most recent one). */
  select: (groupIdx: number | null) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const actions = useGroupActions({ select });
  const { online } = useSyncStatus();
  // The name as renamed here: the known groups follow every change made on this device.
  const name = useKnownGroups().groups.find((g) => g.f_idx === group.f_idx)?.f_name ?? group.f_name;
  const current = { f_idx: group.f_idx, f_name: name };
  const load = useCallback(() => api(getMembersOfGroupCall, { group_idx: group.f_idx }), [group.f_idx]);
  const members = useQuery(load);
  const list: GroupMember[] = members.data?.list ?? [];
  const owner = list.some((m) => m.f_user_idx === uid && m.f_is_owner === 'Y');

  const remove = async (member: GroupMember) => {
    const self = member.f_user_idx === uid;
    const done = await actions.removeMember({ group: current, member, self });
    if (done === 'left') onClose();
    else if (done === 'removed') members.reload();
  };

  return (
    <div data-testid="group-manage">
      <h2 className="modal__title">{name}</h2>
      {!online ? (
        <p className="banner banner--warn">
          <Trans>Group changes need a network connection.</Trans>
        </p>
      ) : null}
      <div className="row wrap">
        <button
          type="button"
          className="button button--small button--primary"
          disabled={actions.pending}
          onClick={() => void actions.addMember(current).then((added) => added && members.reload())}
        >
          <Trans>Add member</Trans>
        </button>
        {owner ? (
          <button
            type="button"
            className="button button--small"
            disabled={actions.pending}
            onClick={() => void actions.rename(current)}
          >
            <Trans>Rename</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small button--danger"
          disabled={actions.pending}
          onClick={() => void actions.leave(current).then((left) => left && onClose())}
        >
          <Trans>Leave group</Trans>
        </button>
      </div>
      <h3 className="section-title group-members__title">{t`Members (${list.length})`}</h3>
      {members.loading && !members.data ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      <ul className="group-members" aria-label={t`Members of ${name}`}>
        {list.map((m) => {
          const self = m.f_user_idx === uid;
          return (
            <li key={m.f_user_idx}>
              <span className="group-members__who">
                <strong>{m.f_user_name}</strong> <span className="muted">{formatPhone(m.f_phone)}</span>{' '}
                {m.f_is_owner === 'Y' ? (
                  <span className="badge">
                    <Trans>Group owner</Trans>
                  </span>
                ) : null}
              </span>
              {self || owner ? (
                <button
                  type="button"
                  className="button button--small"
                  disabled={actions.pending}
                  aria-label={self ? t`Leave ${name}` : t`Remove ${m.f_user_name}`}
                  onClick={() => void remove(m)}
                >
                  {self ? <Trans>Leave</Trans> : <Trans>Remove</Trans>}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}
