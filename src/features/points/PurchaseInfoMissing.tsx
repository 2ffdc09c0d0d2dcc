import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useOnline } from '../../ui/useOnline.ts';
import { purchaseInfoStore } from './purchase-info.ts';

/**
 * In place of the options of a purchase popup when this device has never received them: "loading"
 * while online, and offline that they need the network (an empty popup with live pay buttons
 * looked broken). They load as soon as the network is back.
 */
export function PurchaseInfoMissing() {
  const { t } = useLingui();
  const online = useOnline();
  useEffect(() => {
    if (online) purchaseInfoStore.refresh().catch(() => {});
  }, [online]);
  return (
    <p className={online ? 'muted' : 'banner banner--warn'} role="status">
      {online ? t`Loading…` : t`The options need a network connection. They show as soon as you are online.`}
    </p>
  );
}
