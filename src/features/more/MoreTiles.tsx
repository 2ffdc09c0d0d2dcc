import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useModal } from '../../ui/modal.tsx';
// Installing the app, while this device can.
import { InstallTile } from '../install/InstallTile.tsx';
// Notifications.
import { UnreadBadge } from '../notify/badges.tsx';
import { ChargePopup } from '../points/ChargePopup.tsx';
import { UsageExtensionPopup } from '../points/UsageExtensionPopup.tsx';
import { SiteSelectPopup } from '../sites/select/SiteSelectPopup.tsx';
import { LoanCalculatorPopup } from './LoanCalculatorPopup.tsx';
import { NEARBY_TRANSPORT_URL } from './links.ts';
import { SETTINGS_ID } from './SettingsList.tsx';

/** Spec §2 More tiles. */
export function MoreTiles() {
  const { t } = useLingui();
  const modal = useModal();
  return (
    <nav className="tile-grid" aria-label={t`More menu`}>
      {/* Notifications (spec §2 More tile). */}
      <Link to="/notify" className="tile notify-tile" data-testid="notify-tile">
        {t`Notifications`}
        <UnreadBadge />
      </Link>
      <Link to="/RegSite/step1/$type" params={{ type: 'New' }} className="tile">
        {t`Register a sale`}
      </Link>
      <Link to="/SaleList" className="tile">
        {t`My sale list`}
      </Link>
      {/* Transfer (spec §2 More): the site select popup in transfer mode, then the transfer modal. */}
      <button
        type="button"
        className="tile"
        onClick={() => modal.open((close) => <SiteSelectPopup mode="transfer" close={close} />)}
      >
        {t`Transfer a site`}
      </button>
      <Link to="/SiteReport" className="tile" data-testid="site-report-tile">
        {t`Site report`}
      </Link>
      <button
        type="button"
        className="tile"
        onClick={() => modal.open((close) => <LoanCalculatorPopup close={close} />)}
      >
        {t`Loan calculator`}
      </button>
      <a href={NEARBY_TRANSPORT_URL} target="_blank" rel="noopener noreferrer" className="tile">
        {t`Nearby transport`}
      </a>
      <Link to="/Inquire" className="tile" data-testid="inquire-tile">
        {t`Inquire`}
      </Link>
      <button
        type="button"
        className="tile"
        onClick={() => modal.open((close) => <UsageExtensionPopup close={close} />)}
      >
        {t`Usage extension`}
      </button>
      <button
        type="button"
        className="tile"
        onClick={() => modal.open((close) => <ChargePopup close={close} />)}
      >
        {t`Charge points`}
      </button>
      <button
        type="button"
        className="tile"
        onClick={() => document.getElementById(SETTINGS_ID)?.scrollIntoView({ behavior: 'smooth' })}
      >
        {t`Settings`}
      </button>
      <InstallTile />
    </nav>
  );
}
