import { useLingui } from '@lingui/react/macro';
import { setHideSiteCall } from '../../../../sync/api/site-actions.api.ts';
import {
  removeSiteCall,
  removeSiteForeverCall,
  restoreAndHiddenSiteCall,
} from '../../../../sync/api/site-visibility.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';

/**
 * The admin's buttons by state (spec §4): deleted — restore, restore and hide, delete forever;
 * hidden — show, delete, delete forever; completed — delete, delete forever.
 */
export function AdminSiteButtons({
  state,
  siteIdx,
  onDone,
}: {
  state: 'D' | 'H' | 'C';
  siteIdx: number;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const { run } = useCall();
  const site_idx = siteIdx;
  /** Each button: its label, the question asked first, and the call made on yes. */
  const buttons: Array<{ label: string; question: string; call: () => Promise<unknown>; danger?: boolean }> =
    [];
  if (state === 'D') {
    buttons.push(
      {
        label: t`Restore`,
        question: t`Restore this site?`,
        call: () => api(restoreAndHiddenSiteCall, { site_idx, hidden: 'N' }),
      },
      {
        label: t`Restore and hide`,
        question: t`Restore this site hidden?`,
        call: () => api(restoreAndHiddenSiteCall, { site_idx, hidden: 'Y' }),
      },
    );
  }
  if (state === 'H') {
    buttons.push({
      label: t`Show`,
      question: t`Show this site again?`,
      call: () => api(setHideSiteCall, { site_idx, hidden_status: 'N' }),
    });
  }
  if (state !== 'D') {
    buttons.push({
      label: t`Delete`,
      question: t`Delete this site?`,
      call: () => api(removeSiteCall, { site_idx }),
    });
  }
  buttons.push({
    label: t`Delete forever`,
    question: t`Delete this site permanently? This cannot be undone.`,
    call: () => api(removeSiteForeverCall, { site_idx }),
    danger: true,
  });
  const act = async (button: (typeof buttons)[number]) => {
    if (!(await confirm(button.question, { danger: button.danger ?? false }))) return;
    if ((await run(button.call)) !== undefined) onDone();
  };
  return (
    <>
      {buttons.map((b) => (
        <button
          key={b.label}
          type="button"
          className={`button button--small${b.danger ? ' button--danger' : ''}`}
          onClick={() => void act(b)}
        >
          {b.label}
        </button>
      ))}
    </>
  );
}
