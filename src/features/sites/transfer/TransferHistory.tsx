import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { getSiteTransfersCall } from '../../../../sync/api/transfer.api.ts';
import { api } from '../../../api/client.ts';
import { formatDateTime, formatPhone } from '../../../lib/format.ts';
import { InfiniteList } from '../../../ui/InfiniteList.tsx';
import { useInfiniteList } from '../../../ui/useInfiniteList.ts';

/** Spec §6 "admin sees … transfer": a site's transfers, newest first, on its detail (admins only). */
export function TransferHistory({ siteIdx }: { siteIdx: number }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const loadPage = useCallback(
    (page: number) => api(getSiteTransfersCall, { site_idx: siteIdx, page_num: page }),
    [siteIdx],
  );
  const list = useInfiniteList({ loadPage });
  return (
    <section className="detail-section" data-testid="transfer-history">
      <h2 className="section-title">{t`Transfers`}</h2>
      <InfiniteList
        list={list}
        className="list transfer-history"
        label={t`Transfers`}
        rowKey={(item) => item.f_idx}
        row={(item) => {
          const from = `${item.f_from_name} (${formatPhone(item.f_from_phone)})`;
          const to = `${item.f_to_name} (${formatPhone(item.f_to_phone)})`;
          const group = item.f_from_group_name;
          return (
            <li>
              <div className="muted">{formatDateTime(item.f_reg_time, locale)}</div>
              <div>{t`${from} → ${to}`}</div>
              {group ? <div className="muted">{t`Released from group ${group}`}</div> : null}
            </li>
          );
        }}
      />
    </section>
  );
}
