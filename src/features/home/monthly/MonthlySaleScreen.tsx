import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { ScreenHeader } from '../../../ui/ScreenHeader.tsx';
import { MonthlySaleView } from './MonthlySaleView.tsx';

/** Spec §2 /MonthlySale: the monthly new sites as a screen of their own. */
export function MonthlySaleScreen() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <ScreenHeader title={t`New sites of the month`} back />
      <main className="screen">
        <MonthlySaleView onOpenSite={(idx) => router.history.push(`/SiteDetail?site_idx=${idx}`)} />
      </main>
    </>
  );
}
