import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { SEOUL_FALLBACK } from '../../../sync/constants.ts';
import { toast } from '../../ui/toast.tsx';
import { START_BOX_DEGREES } from './saved-view.ts';

interface Target {
  lat: number;
  lng: number;
  zoom?: number;
  /** Degrees to show around the point (the start view); absent: keep the zoom. */
  box?: number;
  nonce: number;
}

/** GPS for the map: where the member is, or Seoul City Hall when the device will not say. */
export function useMyPosition({ askNow }: { askNow: boolean }) {
  const { t } = useLingui();
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(null);
  const [goTo, setGoTo] = useState<Target | null>(null);

  const locate = useCallback(
    (quiet = false) => {
      // The first view (quiet) shows the start box around the point; the button keeps the zoom.
      const box = quiet ? { box: START_BOX_DEGREES } : {};
      const fallback = () => {
        if (!quiet) toast(t`No permission to use your location`);
        setGoTo({ ...SEOUL_FALLBACK, ...box, nonce: Date.now() });
      };
      if (typeof navigator === 'undefined' || !navigator.geolocation) return fallback();
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const here = { lat: p.coords.latitude, lng: p.coords.longitude };
          setPosition(here);
          setGoTo({ ...here, ...box, nonce: Date.now() });
        },
        fallback,
        { enableHighAccuracy: false, timeout: 8000, maximumAge: 60_000 },
      );
    },
    [t],
  );

  // A first visit (no saved view) starts where the member is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (askNow) locate(true);
  }, []);

  /** Back to the start view: the start box around the member's last known position, else Seoul. */
  const restart = useCallback(() => {
    setGoTo({ ...(position ?? SEOUL_FALLBACK), box: START_BOX_DEGREES, nonce: Date.now() });
  }, [position]);

  return { position, goTo, locate: () => locate(false), restart };
}
