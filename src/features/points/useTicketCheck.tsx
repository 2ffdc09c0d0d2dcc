import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { checkTicketCall } from '../../../sync/api/points.api.ts';
import { ApiError, api, NetworkError } from '../../api/client.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { profileStore } from '../auth/profile.ts';
import { afterModalClosed } from './modal-chain.ts';
import { isTicketExpired, ticketStateOf } from './ticket.ts';
import { UsageExtensionPopup } from './UsageExtensionPopup.tsx';

/**
 * The usage-ticket check of spec §4/§6 for the features behind it (map search,
 * notification send, community post). The server decides; on its ticket_expired answer
 * the profile is refreshed and a confirm offers the usage extension. Any other refusal
 * (a member under review gets 'signup under review') is shown as the server worded it.
 *
 * - `check()` before opening a form that needs the ticket: true when it may go on.
 * - `guard(run)` around a call that needs it: its result, or undefined when refused.
 * - `refused(err)` tells a refusal caught elsewhere the same way (a form's `failure`, useCall).
 */
export function useTicketCheck() {
  const { t } = useLingui();
  const confirm = useConfirm();
  const modal = useModal();
  const fail = useCallFailure();

  const offerExtension = useCallback(
    async ({ message, first }: { message: string; first: boolean }) => {
      // A member who never had a ticket is shown the plans, not asked to extend one.
      const question = first ? t`See the usage plans now?` : t`Extend your usage now?`;
      const label = first ? t`See plans` : t`Extend`;
      if (!(await confirm(`${message}\n${question}`, { confirmLabel: label }))) return;
      await afterModalClosed();
      modal.open((close) => <UsageExtensionPopup close={close} />);
    },
    [confirm, modal, t],
  );

  const handle = useCallback(
    async (err: unknown): Promise<boolean> => {
      if (isTicketExpired(err)) {
        void profileStore.refresh().catch(() => {});
        await offerExtension({ message: err.message, first: ticketStateOf(err) === 'none' });
        return true;
      }
      // Other refusals as the server worded them, and a missing network; anything else is thrown on.
      if (err instanceof ApiError || err instanceof NetworkError) {
        fail(err);
        return true;
      }
      return false;
    },
    [offerExtension, fail],
  );

  const check = useCallback(async (): Promise<boolean> => {
    try {
      await api(checkTicketCall, {});
      // Spec §4: the check refreshes the profile (days left, counts) whatever it finds.
      void profileStore.refresh().catch(() => {});
      return true;
    } catch (err) {
      if (!(await handle(err))) throw err;
      return false;
    }
  }, [handle]);

  /** A refusal as the ticket check tells it (the offer, or the server's words); anything else is thrown on. */
  const refused = useCallback(
    async (err: unknown): Promise<void> => {
      if (!(await handle(err))) throw err;
    },
    [handle],
  );

  const guard = useCallback(
    async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (err) {
        await refused(err);
        return undefined;
      }
    },
    [refused],
  );

  return { check, guard, refused };
}
