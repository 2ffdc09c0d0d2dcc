import type { NotifyItem } from '../../../sync/api/notify.api.ts';
import { useModal } from '../../ui/modal.tsx';
import { afterModalClosed } from '../points/modal-chain.ts';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { NotifyDetailPopup } from './NotifyDetailPopup.tsx';
import { NotifyFormPopup, type NotifyFormTarget } from './NotifyFormPopup.tsx';
import { fieldsOf, notifyBaseOf } from './notify-form.ts';

/**
 * The notify popups every notification screen opens: the detail, the write popup (new, edit, copy)
 * and a refused one written again. `onSaved` hears whether what was saved is automatic (the screen
 * then moves to the auto tab, else to the modify tab: spec §4).
 */
export function useNotifyPopups({ onSaved }: { onSaved: (auto: boolean) => void }) {
  const modal = useModal();
  const ticket = useTicketCheck();

  const form = (target: NotifyFormTarget) =>
    modal.open((close) => <NotifyFormPopup target={target} close={close} onSaved={onSaved} />);

  const write = async (target: NotifyFormTarget = {}) => {
    // Spec §6: online the ticket is checked before typing; offline the server checks it on sync.
    if (navigator.onLine && !(await ticket.check())) return;
    form(target);
  };

  const edit = async (item: NotifyItem) => {
    await afterModalClosed();
    form({ notifyIdx: item.f_idx, initial: fieldsOf(item), base: notifyBaseOf(item) });
  };

  /** A refused edit written again, from what it held. */
  const editAgain = (target: NotifyFormTarget) => form(target);

  /** Copy mode (spec §4): a new notification from this one; made+ and push are chosen (and paid) again. */
  const copy = async (item: NotifyItem) => {
    await afterModalClosed();
    await write({
      notifyIdx: item.f_idx,
      copy: true,
      initial: { ...fieldsOf(item), made: 'N', made1: 'N', push: 'N' },
    });
  };

  const open = (item: NotifyItem) =>
    modal.open((close) => (
      <NotifyDetailPopup
        item={item}
        close={close}
        onEdit={(i) => {
          close();
          void edit(i);
        }}
        onCopy={(i) => {
          close();
          void copy(i);
        }}
      />
    ));

  return { open, write, edit, editAgain, copy };
}
