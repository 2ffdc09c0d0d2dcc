import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { addPointCall, findPointMemberCall, getMemberPointLogCall } from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';
import { usePointLogText, usePointTypeLabel } from '../points/point-log-text.ts';
import { MemberAdjustment } from './MemberAdjustment.tsx';

function PointLog({ userIdx }: { userIdx: number }) {
  const { t } = useLingui();
  const describeItem = usePointLogText();
  const typeLabel = usePointTypeLabel();
  const pages = useNumberedPages(
    useCallback(
      (page: number) => api(getMemberPointLogCall, { user_idx: userIdx, page_num: page }),
      [userIdx],
    ),
  );
  return (
    <section aria-label={t`Point log`}>
      <h3 className="section-title">{t`Point log`}</h3>
      <PagedTable
        pages={pages}
        head={
          <>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Type`}</th>
            <th scope="col">{t`Points`}</th>
            <th scope="col">{t`Balance`}</th>
            <th scope="col">{t`By`}</th>
            <th scope="col">{t`Memo`}</th>
          </>
        }
        rowKey={(r) => r.f_idx}
        row={(r) => (
          <tr>
            <td>{formatDateTime(r.f_reg_time)}</td>
            <td>{typeLabel(r.f_type)}</td>
            <td className="num">
              {r.f_type === 'C' || r.f_type === 'A' ? '+' : '−'}
              {formatNumber(r.f_point)}
            </td>
            <td className="num">{formatNumber(r.f_point_final)}</td>
            <td>{r.f_admin_name ?? '-'}</td>
            <td>{describeItem(r)}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** Spec §2 admin point: give or deduct a member's points, behind the admin lock, confirmed first. */
export function PointScreen() {
  const { t } = useLingui();
  return (
    <MemberAdjustment
      findMember={(phone) => api(findPointMemberCall, { phone })}
      labels={{
        amount: t`Points`,
        missing: t`Please enter the points.`,
        add: t`Give points`,
        take: t`Deduct points`,
      }}
      question={({ member, sign, amount }) => {
        const points = formatNumber(amount);
        return sign > 0
          ? t`Give ${points}P to ${member.f_name}?`
          : t`Deduct ${points}P from ${member.f_name}?`;
      }}
      send={({ member, amount, memo, idempotencyKey }) =>
        api(addPointCall, { user_idx: member.f_idx, point: amount, memo, idempotency_key: idempotencyKey })
      }
      log={(userIdx) => <PointLog userIdx={userIdx} />}
    />
  );
}
