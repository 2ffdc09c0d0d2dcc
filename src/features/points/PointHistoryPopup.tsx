import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { getPointLogCall } from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { signedPoint, usePointLogText, usePointTypeLabel } from './point-log-text.ts';

/** Spec §2 settings: point history, newest first, loading more as it scrolls. */
export function PointHistoryPopup({ close }: { close: () => void }) {
  const { t, i18n } = useLingui();
  const describeItem = usePointLogText();
  const typeLabel = usePointTypeLabel();
  const loadPage = useCallback((page: number) => api(getPointLogCall, { page_num: page }), []);
  const list = useInfiniteList({ loadPage });
  const locale = i18n.locale === 'en' ? 'en' : 'ko';

  return (
    <div>
      <h2 className="modal__title">{t`Point history`}</h2>
      <InfiniteList
        list={list}
        className="list point-log"
        label={t`Point history`}
        rowKey={(item) => item.f_idx}
        row={(item) => {
          const change = signedPoint(item);
          const amount = `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))}P`;
          const after = formatNumber(item.f_point_final);
          return (
            <li className="point-log__row">
              <div className="row">
                <span className={`badge ${change > 0 ? 'badge--ok' : 'badge--danger'}`}>
                  {typeLabel(item.f_type)}
                </span>
                <span className="grow">{describeItem(item)}</span>
                <strong className={change > 0 ? 'plus' : 'minus'}>{amount}</strong>
              </div>
              <div className="row muted">
                <span className="grow">{formatDateTime(item.f_reg_time, locale)}</span>
                <span>{t`Balance ${after}P`}</span>
              </div>
            </li>
          );
        }}
      />
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
