import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import {
  addGroupCall,
  addMemberToGroupCall,
  changeGroupNameCall,
  deleteMemberFromGroupCall,
  type GroupMember,
  leaveGroupCall,
} from '../../../../sync/api/groups.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { phoneDigits } from '../../../lib/format.ts';
import { useConfirm, usePrompt } from '../../../ui/dialogs.tsx';
import type { PickerGroup } from '../../groups/GroupPicker.tsx';
import { refreshMyGroups } from '../../groups/my-groups.ts';

/**
 * The group changes of My sale list (spec §4 Groups), online only: each asks what it needs
 * (spec §5 prompt: an empty name or phone is refused with its own message), calls the server,
 * and refreshes the member's groups on the device. `select` moves the tab to a group: a new
 * group becomes selected; after leaving, the most recent one (spec §4).
 */
export function useGroupActions({ select }: { select: (groupIdx: number | null) => void }) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const prompt = usePrompt();
  const confirm = useConfirm();

  const askName = useCallback(
    (title: string) =>
      prompt({
        title,
        label: t`Group name`,
        validate: (value) => (value.trim() === '' ? t`Please enter the group name.` : null),
      }),
    [prompt, t],
  );

  const afterLeaving = useCallback(async () => {
    const known = await refreshMyGroups();
    select(known?.recent ?? known?.groups[0]?.f_idx ?? null);
  }, [select]);

  const create = useCallback(async () => {
    const name = await askName(t`New group`);
    if (name === null) return;
    const res = await run(() => api(addGroupCall, { group_name: name }));
    if (!res) return;
    await refreshMyGroups();
    select(res.group.f_idx);
  }, [askName, run, select, t]);

  const rename = useCallback(
    async (group: PickerGroup) => {
      const name = await askName(t`Rename ${group.f_name}`);
      if (name === null) return false;
      const res = await run(() => api(changeGroupNameCall, { group_idx: group.f_idx, group_name: name }));
      if (!res) return false;
      await refreshMyGroups();
      return true;
    },
    [askName, run, t],
  );

  const leave = useCallback(
    async (group: PickerGroup) => {
      const sure = await confirm(
        t`Leave ${group.f_name}? The group's sites leave this device at the next sync.`,
        { confirmLabel: t`Leave`, danger: true },
      );
      if (!sure) return false;
      if (!(await run(() => api(leaveGroupCall, { group_idx: group.f_idx })))) return false;
      await afterLeaving();
      return true;
    },
    [afterLeaving, confirm, run, t],
  );

  const addMember = useCallback(
    async (group: PickerGroup) => {
      const phone = await prompt({
        title: t`Add a member to ${group.f_name}`,
        label: t`Phone number of the member`,
        inputMode: 'tel',
        validate: (value) => (phoneDigits(value) === '' ? t`Please enter the phone number.` : null),
      });
      if (phone === null) return false;
      const res = await run(() =>
        api(addMemberToGroupCall, { group_idx: group.f_idx, phone_number: phoneDigits(phone) }),
      );
      if (res) await refreshMyGroups();
      return res !== undefined;
    },
    [prompt, run, t],
  );

  /** Removes a member; your own phone is leaving. Answers 'left' when the member left. */
  const removeMember = useCallback(
    async ({ group, member, self }: { group: PickerGroup; member: GroupMember; self: boolean }) => {
      if (self) return (await leave(group)) ? ('left' as const) : null;
      const sure = await confirm(t`Remove ${member.f_user_name} from ${group.f_name}?`, {
        confirmLabel: t`Remove`,
        danger: true,
      });
      if (!sure) return null;
      const res = await run(() =>
        api(deleteMemberFromGroupCall, { group_idx: group.f_idx, phone_number: member.f_phone }),
      );
      if (!res) return null;
      await refreshMyGroups();
      return 'removed' as const;
    },
    [confirm, leave, run, t],
  );

  return { create, rename, leave, addMember, removeMember, pending };
}
