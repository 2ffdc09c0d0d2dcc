import { useLingui } from '@lingui/react/macro';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import type { Ad } from '../../../../sync/api/home.api.ts';
import { type AdsMode, adsInOrder } from '../../../../sync/home/ads.ts';
import { hideAds } from '../ad-hiding.ts';
import '../home.css';

/** Swipe distance, in pixels, that turns the carousel. */
const SWIPE_PX = 40;

/**
 * The home ad popup (spec §2 Home, §9 ads): up to 10 ads in slot order (mode S) or shuffled (R), each
 * shown for the settings' duration before the next, stopping on the last (no auto advance beyond
 * that); swipe or the arrows turn it by hand. Tapping an ad opens what it links to. With 'hide for
 * 8 hours' checked, closing it (the button or back) keeps it away that long on this device.
 */
export function AdPopup({
  ads,
  mode,
  durationSec,
  close,
  onHideChange,
  onTap,
}: {
  ads: Ad[];
  mode: AdsMode;
  durationSec: number;
  close: () => void;
  onHideChange: (hide: boolean) => void;
  onTap: (ad: Ad) => void;
}) {
  const { t } = useLingui();
  const [ordered] = useState(() => adsInOrder({ ads, mode, random: Math.random }));
  const [index, setIndex] = useState(0);
  const [hide, setHide] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const total = ordered.length;
  const ad = ordered[index];

  useEffect(() => {
    if (index >= total - 1) return;
    const timer = setTimeout(() => setIndex((i) => i + 1), Math.max(1, durationSec) * 1000);
    return () => clearTimeout(timer);
  }, [index, total, durationSec]);

  if (!ad) return null;
  const turn = (step: number) => setIndex((i) => Math.min(total - 1, Math.max(0, i + step)));
  const endSwipe = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) turn(dx < 0 ? 1 : -1);
  };
  const position = index + 1;

  return (
    <section className="ad-popup" aria-label={t`Ads`}>
      <div
        className="ad-popup__stage"
        onPointerDown={(e) => {
          swipeFrom.current = e.clientX;
        }}
        onPointerUp={endSwipe}
      >
        <button
          type="button"
          className="ad-popup__ad"
          onClick={() => onTap(ad)}
          disabled={ad.f_connect_type === ''}
          data-ad-slot={ad.f_idx}
        >
          <img src={ad.f_image_url} alt={t`Ad ${position} of ${total}`} draggable={false} />
        </button>
        {total > 1 ? (
          <>
            <button
              type="button"
              className="ad-popup__turn ad-popup__turn--prev"
              onClick={() => turn(-1)}
              disabled={index === 0}
              aria-label={t`Previous ad`}
            >
              ‹
            </button>
            <button
              type="button"
              className="ad-popup__turn ad-popup__turn--next"
              onClick={() => turn(1)}
              disabled={index === total - 1}
              aria-label={t`Next ad`}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <p className="ad-popup__count" aria-live="polite">
          {position} / {total}
        </p>
      ) : null}
      <div className="ad-popup__bar">
        <label className="ad-popup__hide">
          <input
            type="checkbox"
            checked={hide}
            onChange={(e) => {
              setHide(e.target.checked);
              onHideChange(e.target.checked);
            }}
          />
          {t`Hide for 8 hours`}
        </label>
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </section>
  );
}

/**
 * Opens the popup on the modal stack. What happens after it closes (hiding, opening the tapped ad)
 * runs once the modal's history entry is gone, so a site opened from an ad is not undone by the back
 * step that closed the popup.
 */
export function showAds({
  ads,
  mode,
  durationSec,
  open,
  onTapped,
}: {
  ads: Ad[];
  mode: AdsMode;
  durationSec: number;
  open: (render: (close: () => void) => React.ReactNode, onClosed?: () => void) => void;
  onTapped: (ad: Ad) => void;
}): void {
  let hide = false;
  let tapped: Ad | null = null;
  open(
    (close) => (
      <AdPopup
        ads={ads}
        mode={mode}
        durationSec={durationSec}
        close={close}
        onHideChange={(h) => {
          hide = h;
        }}
        onTap={(ad) => {
          tapped = ad;
          close();
        }}
      />
    ),
    () => {
      if (hide) hideAds();
      if (tapped) onTapped(tapped);
    },
  );
}
