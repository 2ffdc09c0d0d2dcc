import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useProfile } from '../auth/profile.ts';
import type { PaymentReturn } from '../points/payment.ts';
import { useChargeReturn } from '../points/useChargeReturn.ts';
import { AreaCalculator } from './AreaCalculator.tsx';
import { MoreHeader } from './MoreHeader.tsx';
import { MoreTiles } from './MoreTiles.tsx';
import { SettingsList } from './SettingsList.tsx';

/**
 * Spec §2 More: the member header, the tiles, the area calculator and the settings. The
 * card payment comes back here (`paymentReturn` from the URL) to be verified by the server.
 */
export function MoreScreen({ paymentReturn = null }: { paymentReturn?: PaymentReturn | null }) {
  const { t } = useLingui();
  const profile = useProfile();
  useChargeReturn(paymentReturn);
  return (
    <>
      <ScreenHeader title={t`More`} />
      <main className="screen">
        <MoreHeader />
        <MoreTiles />
        <AreaCalculator />
        {profile?.is_admin ? (
          <Link to="/admin" className="card card--link">
            {t`Admin`}
          </Link>
        ) : null}
        <SettingsList />
      </main>
    </>
  );
}
