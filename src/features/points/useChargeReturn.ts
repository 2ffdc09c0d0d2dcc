import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CHARGE_RETURN_PATH, type PaymentReturn } from './payment.ts';
import { useChargeResult } from './useChargeResult.tsx';

// One confirmation per payment per page load, even if the screen mounts twice (StrictMode).
const handled = new Set<string>();

/**
 * The provider sent the browser back with the payment in the query (PortOne's
 * m_redirect_url, or the test checkout): confirm it with the server once, then drop the
 * query so a reload does not ask again (the server would credit nothing anyway).
 */
export function useChargeReturn(ret: PaymentReturn | null) {
  const navigate = useNavigate();
  const onResult = useChargeResult();
  useEffect(() => {
    if (!ret || handled.has(ret.merchantUid)) return;
    handled.add(ret.merchantUid);
    void navigate({ to: CHARGE_RETURN_PATH, search: {}, replace: true });
    void onResult(ret);
  }, [ret, navigate, onResult]);
}
