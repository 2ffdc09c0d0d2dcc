import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { addPeriodCall, findPeriodMemberCall, getMemberUsageLogCall } from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../ui/useNumberedPages.ts';
import { MemberAdjustment } from './MemberAdjustment.tsx';

function UsageLog({ userIdx }: { userIdx: number }) {
  const { t } = useLingui();
  // A row without a memo says what made it, in words: the ledger's reason codes are not for people.
  const reasonText = (reason: string): string =>
    ({ plan: t`Usage plan purchase`, admin: t`Set by an admin` })[reason] ?? reason;
  const pages = useNumberedPages(
    useCallback(
      (page: number) => api(getMemberUsageLogCall, { user_idx: userIdx, page_num: page }),
      [userIdx],
    ),
  );
  return (
    <section aria-label={t`Usage log`}>
      <h3 className="section-title">{t`Usage log`}</h3>
      <PagedTable
        pages={pages}
        head={
          <>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Days`}</th>
            <th scope="col">{t`made+ / push`}</th>
            <th scope="col">{t`Usage until`}</th>
            <th scope="col">{t`By`}</th>
            <th scope="col">{t`Memo`}</th>
          </>
        }
        rowKey={(r) => r.f_idx}
        row={(r) => (
          <tr>
            <td>{formatDateTime(r.f_reg_time)}</td>
            <td className="num">{r.f_days > 0 ? `+${r.f_days}` : r.f_days}</td>
            <td className="num">
              {r.f_made} / {r.f_push}
            </td>
            <td>{formatDateTime(r.f_usage_date_final)}</td>
            <td>{r.f_admin_name ?? '-'}</td>
            <td>{r.f_memo || reasonText(r.f_reason)}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** Spec §2 admin period: add or take days of usage, behind the admin lock, confirmed first. */
export function PeriodScreen() {
  const { t } = useLingui();
  return (
    <MemberAdjustment
      findMember={(phone) => api(findPeriodMemberCall, { phone })}
      labels={{
        amount: t`Days`,
        missing: t`Please enter the number of days.`,
        add: t`Add days`,
        take: t`Take days`,
      }}
      question={({ member, sign, amount: n }) =>
        sign > 0 ? t`Add ${n} days for ${member.f_name}?` : t`Take ${n} days from ${member.f_name}?`
      }
      send={({ member, amount, memo, idempotencyKey }) =>
        api(addPeriodCall, { user_idx: member.f_idx, period: amount, memo, idempotency_key: idempotencyKey })
      }
      log={(userIdx) => <UsageLog userIdx={userIdx} />}
    />
  );
}
