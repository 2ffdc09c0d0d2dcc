import { useLingui } from '@lingui/react/macro';
import { formatManwon } from '../../../lib/format.ts';

/** A price range in 만원: "3억 ~ 3억 5,000만원", one value when both ends agree, or "on inquiry". */
export function PriceText({ min, max, inquire }: { min: number; max: number; inquire?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  if (inquire && min === 0 && max === 0) return <>{t`Price on inquiry`}</>;
  const a = formatManwon(min, locale);
  const b = formatManwon(max, locale);
  return <>{min === max || max === 0 ? a : min === 0 ? b : `${a} ~ ${b}`}</>;
}
