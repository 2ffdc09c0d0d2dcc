import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import {
  findTransferMemberCall,
  type TransferMember,
  transferSiteCall,
} from '../../../../sync/api/transfer.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { formatPhone, phoneDigits } from '../../../lib/format.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useOnline } from '../../../ui/useOnline.ts';

/**
 * Spec §2/§5 transfer modal: the member to receive the site is found by phone (a value is
 * required; the server refuses yourself, members under review and blocked members), OK needs
 * a found member and a confirmation. Online only: without a network it says so. The server's
 * transfer-done message is shown by the api client; `onTransferred` closes the modal and
 * reloads what showed the site (the caller knows how far back to go).
 */
export function TransferModal({
  site,
  close,
  onTransferred,
}: {
  site: { f_idx: number; f_name: string };
  close: () => void;
  onTransferred: () => void;
}) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const confirm = useConfirm();
  const online = useOnline();
  const [phone, setPhone] = useState('');
  const [member, setMember] = useState<TransferMember | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const search = async () => {
    setMember(null);
    if (phoneDigits(phone) === '')
      return setProblem(t`Enter the phone number of the member to receive the site.`);
    if (!v.is(findTransferMemberCall.input, { phone: phoneDigits(phone) })) {
      return setProblem(t`Enter a valid phone number.`);
    }
    setProblem(null);
    const found = await run(() => api(findTransferMemberCall, { phone: phoneDigits(phone) }));
    if (found) setMember(found);
  };

  const transfer = async () => {
    if (!member) return;
    const who = `${member.f_name} (${formatPhone(member.f_phone)})`;
    const sure = await confirm(t`Transfer “${site.f_name}” to ${who}? You will no longer manage this site.`, {
      confirmLabel: t`Transfer`,
    });
    if (!sure) return;
    const done = await run(() =>
      api(transferSiteCall, { site_idx: site.f_idx, dest_member_idx: member.f_idx }),
    );
    if (done) onTransferred();
  };

  return (
    <div className="transfer" data-testid="transfer-modal">
      <h2 className="modal__title">{t`Transfer a site`}</h2>
      <p>
        <strong>{site.f_name}</strong>
      </p>
      {online ? null : (
        <p className="banner banner--warn" data-testid="transfer-offline">
          <Trans>Transferring a site needs a network connection. Please try again online.</Trans>
        </p>
      )}
      <form
        className="search-box"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input
          type="tel"
          inputMode="numeric"
          value={phone}
          onChange={(e) => {
            setPhone(formatPhone(e.target.value));
            setMember(null);
          }}
          placeholder="010-0000-0000"
          aria-label={t`Phone number of the member to receive the site`}
        />
        <button type="submit" className="button button--primary" disabled={pending || !online}>
          <Trans>Find</Trans>
        </button>
      </form>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {member ? (
        <div className="transfer__member" data-testid="transfer-member">
          <strong>{member.f_name}</strong>
          <span className="muted">{member.f_affiliation}</span>
          <span>{formatPhone(member.f_phone)}</span>
        </div>
      ) : (
        <p className="muted">{t`Find the member by phone number, then press OK.`}</p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!member || pending || !online}
          onClick={() => void transfer()}
        >
          {t`OK`}
        </button>
      </div>
    </div>
  );
}
