import { useLingui } from '@lingui/react/macro';
import { formatPhone } from '../../lib/format.ts';

/** Who wrote a post or comment, as the server let the caller see it (spec §6 anonymity). */
export function useWriterName() {
  const { t } = useLingui();
  return (row: { f_anony: 'Y' | 'N'; f_user_name: string; f_phone?: string }): string => {
    if (row.f_user_name === '') return t`Anonymous`;
    const name = row.f_anony === 'Y' ? t`${row.f_user_name} (anonymous)` : row.f_user_name;
    return row.f_phone ? `${name} · ${formatPhone(row.f_phone)}` : name;
  };
}
