import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import {
  createSiteShareCall,
  getSiteShareListCall,
  revokeSiteShareCall,
  type SiteShareCreated,
  type SiteShareItem,
} from '../../../../../sync/api/shares.api.ts';
import { SHARE_LIFETIME_DAYS, type ShareState } from '../../../../../sync/shares/shares.ts';
import { api } from '../../../../api/client.ts';
import { useCall } from '../../../../api/useCall.ts';
import { formatDate, formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useConfirm } from '../../../../ui/dialogs.tsx';
import { InfiniteList } from '../../../../ui/InfiniteList.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { useInfiniteList } from '../../../../ui/useInfiniteList.ts';
import { canShareSheet, type SendResult, sendLink } from './send-link.ts';
import './customer-share.css';

/**
 * Share with a customer (issue 32): makes a link to a public page of the site with the agent as the
 * contact, hands it to the share sheet or the clipboard, and lists the agent's links to the
 * site with their views, to send again or stop. Online only (the server makes the link).
 */
export function CustomerSharePopup({
  siteIdx,
  siteName,
  close,
}: {
  siteIdx: number;
  siteName: string;
  close: () => void;
}) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const [latest, setLatest] = useState<SiteShareCreated | null>(null);
  const [listKey, setListKey] = useState(0);

  const send = useCallback(
    async (url: string) => {
      const result: SendResult = await sendLink({
        url,
        title: siteName,
        text: t`${siteName}: prices, unit types and pictures`,
      });
      if (result === 'copied') toast(t`Link copied. Paste it into KakaoTalk or a text message.`);
      if (result === 'failed') {
        (document.getElementById('customer-share-link') as HTMLInputElement | null)?.select();
        toast(t`Copy the link shown and send it to your customer.`);
      }
    },
    [siteName, t],
  );

  const create = async () => {
    const made = await run(() => api(createSiteShareCall, { site_idx: siteIdx }));
    if (!made) return;
    setLatest(made);
    setListKey((k) => k + 1);
    await send(made.url);
  };

  return (
    <div className="customer-share" data-testid="customer-share">
      <h2 className="modal__title">
        <Trans>Share with a customer</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Your customer sees the name, prices, unit types and areas, pictures, the neighbourhood and the open
          date without signing in. Memos and the site's contacts are never shown: you are the contact, with
          your name and phone. A link closes after {SHARE_LIFETIME_DAYS} days.
        </Trans>
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="customer-share-create"
        disabled={pending}
        onClick={() => void create()}
      >
        <Trans>Make a link and send it</Trans>
      </button>
      {latest ? (
        <div className="field customer-share__latest">
          <label htmlFor="customer-share-link">
            <Trans>New link</Trans>
          </label>
          <div className="row">
            <input
              id="customer-share-link"
              className="input grow"
              readOnly
              value={latest.url}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button" onClick={() => void send(latest.url)}>
              {canShareSheet() ? t`Send` : t`Copy`}
            </button>
          </div>
        </div>
      ) : null}
      <h3 className="section-title">
        <Trans>Links you made</Trans>
      </h3>
      <ShareLinks key={listKey} siteIdx={siteIdx} onSend={send} />
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}

function ShareLinks({ siteIdx, onSend }: { siteIdx: number; onSend: (url: string) => Promise<void> }) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const { run } = useCall();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const loadPage = useCallback(
    (page: number) => api(getSiteShareListCall, { site_idx: siteIdx, page_num: page }),
    [siteIdx],
  );
  const list = useInfiniteList({ loadPage });
  const [stopped, setStopped] = useState<ReadonlySet<number>>(new Set());
  const stateLabels: Record<ShareState, string> = {
    active: t`Open`,
    expired: t`Expired`,
    revoked: t`Stopped`,
    closed: t`Site not shown`,
  };

  const stop = async (item: SiteShareItem) => {
    const sure = await confirm(t`Stop this link? Your customer will no longer be able to open it.`, {
      confirmLabel: t`Stop the link`,
      danger: true,
    });
    if (!sure) return;
    const done = await run(() => api(revokeSiteShareCall, { share_idx: item.f_idx }));
    if (done) setStopped((prev) => new Set(prev).add(item.f_idx));
  };

  return (
    <InfiniteList
      list={list}
      className="list customer-share__list"
      label={t`Links you made`}
      empty={<Trans>No links yet.</Trans>}
      rowKey={(item) => item.f_idx}
      row={(item) => {
        const state: ShareState = stopped.has(item.f_idx) ? 'revoked' : item.state;
        const views = formatNumber(item.f_view_count);
        const until = formatDate(item.f_expires_at, locale);
        return (
          <li className="customer-share__row" data-testid="customer-share-row" data-state={state}>
            <div className="row">
              <span className={`badge${state === 'active' ? ' badge--ok' : ''}`}>{stateLabels[state]}</span>
              <span className="grow">{t`Made ${formatDate(item.f_reg_time, locale)}, until ${until}`}</span>
            </div>
            <div className="row muted">
              <span className="grow" data-testid="customer-share-views">
                {item.f_last_view_time
                  ? t`Opened ${views} times, last ${formatDateTime(item.f_last_view_time, locale)}`
                  : t`Opened ${views} times`}
              </span>
            </div>
            {state === 'active' ? (
              <div className="row">
                <button type="button" className="button" onClick={() => void onSend(item.url)}>
                  {canShareSheet() ? t`Send the link again` : t`Copy link`}
                </button>
                <button type="button" className="button" onClick={() => void stop(item)}>
                  <Trans>Stop the link</Trans>
                </button>
              </div>
            ) : null}
          </li>
        );
      }}
    />
  );
}
