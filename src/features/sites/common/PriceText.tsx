import { useLingui } from '@lingui/react/macro';
import { formatMonthlyRent, formatPriceRange } from '../../../lib/format.ts';

/** A price range in 만원: "3억 ~ 3억 5,000만원", one value when both ends agree, or "on inquiry". */
export function PriceText({ min, max, inquire }: { min: number; max: number; inquire?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  if (inquire && min === 0 && max === 0) return <>{t`Price on inquiry`}</>;
  return <>{formatPriceRange(min, max, locale)}</>;
}

/** 월세 as deposit and rent ("보증금 2,500 / 월 50"), or "on inquiry": the one way it shows. */
export function MonthlyRentText({
  deposit,
  rent,
  inquire,
}: {
  deposit: readonly [number, number];
  rent: readonly [number, number];
  inquire?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  if (inquire) return <>{t`Price on inquiry`}</>;
  return (
    <>
      {formatMonthlyRent(
        { depositMin: deposit[0], depositMax: deposit[1], rentMin: rent[0], rentMax: rent[1] },
        locale,
      )}
    </>
  );
}
