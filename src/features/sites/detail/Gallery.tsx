import { Trans, useLingui } from '@lingui/react/macro';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Limits } from '../../../../sync/constants.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { BackIcon, CloseIcon, NextIcon } from '../../../ui/icons.ts';
import { downloadImage } from './download.ts';

const MAX_ZOOM = Limits.galleryZoomMax;
const SWIPE_PX = 50;

interface Point {
  x: number;
  y: number;
}

function clamp({ value, min, max }: { value: number; min: number; max: number }): number {
  return Math.min(max, Math.max(min, value));
}

function distance([a, b]: [Point, Point]): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Spec §2 fullscreen gallery: one picture at a time with its index (n / total), swipe or
 * arrows to move, pinch, double tap, wheel or buttons to zoom up to 4x, drag to look around
 * a zoomed picture, and download. It sits on the modal stack, so the back button closes it.
 */
export function Gallery({
  images,
  start,
  onClose,
}: {
  images: string[];
  start: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [index, setIndex] = useState(clamp({ value: start, min: 0, max: images.length - 1 }));
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ from: Point; offset: Point; pinch: number; zoom: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const total = images.length;
  const url = images[index] ?? '';

  const setZoomTo = (next: number) => {
    const z = clamp({ value: Math.round(next * 100) / 100, min: 1, max: MAX_ZOOM });
    setZoom(z);
    if (z === 1) setOffset({ x: 0, y: 0 });
  };
  const go = (step: number) => {
    if (total < 2) return;
    setIndex((i) => (i + step + total) % total);
    setZoomTo(1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: arrow keys use the latest state through setters
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === '+') setZoom((z) => clamp({ value: z + 1, min: 1, max: MAX_ZOOM }));
      else if (e.key === '-') setZoomTo(zoom - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom, total]);

  /** Keeps a zoomed picture covering the stage: it can move at most by its overflow. */
  const bound = (p: Point): Point => {
    const box = stage.current?.getBoundingClientRect();
    const maxX = ((box?.width ?? 0) * (zoom - 1)) / 2;
    const maxY = ((box?.height ?? 0) * (zoom - 1)) / 2;
    return {
      x: clamp({ value: p.x, min: -maxX, max: maxX }),
      y: clamp({ value: p.y, min: -maxY, max: maxY }),
    };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    gesture.current = {
      from: { x: e.clientX, y: e.clientY },
      offset,
      pinch: a && b ? distance([a, b]) : 0,
      zoom,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    const [a, b] = [...pointers.current.values()];
    if (a && b && g.pinch > 0) {
      setZoomTo((g.zoom * distance([a, b])) / g.pinch);
    } else if (zoom > 1) {
      setOffset(bound({ x: g.offset.x + e.clientX - g.from.x, y: g.offset.y + e.clientY - g.from.y }));
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
    if (!g || wasPinch || zoom > 1) return;
    const dx = e.clientX - g.from.x;
    const dy = e.clientY - g.from.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  return (
    <div className="gallery" role="dialog" aria-modal="true" aria-label={t`Pictures`} data-testid="gallery">
      <div className="gallery__bar">
        <span className="gallery__index" data-testid="gallery-index">
          {index + 1} / {total}
        </span>
        <span className="gallery__zoom" data-testid="gallery-zoom">
          {t`${zoom.toFixed(zoom % 1 === 0 ? 0 : 1)}x`}
        </span>
        <button type="button" className="gallery__button" onClick={() => void downloadImage(url)}>
          <Trans>Download</Trans>
        </button>
        <button type="button" className="gallery__button" onClick={onClose} aria-label={t`Close`}>
          <Icon data={CloseIcon} size={22} />
        </button>
      </div>
      <div
        ref={stage}
        className="gallery__stage"
        role="application"
        aria-label={t`Drag to move, pinch or double tap to zoom, swipe for the next one`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => setZoomTo(zoom > 1 ? 1 : 2)}
        onWheel={(e) => setZoomTo(zoom * (e.deltaY < 0 ? 1.25 : 0.8))}
      >
        <img
          src={url}
          alt={t`${index + 1} of ${total}`}
          draggable={false}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
        />
      </div>
      <div className="gallery__bar gallery__bar--bottom">
        <button
          type="button"
          className="gallery__button"
          onClick={() => go(-1)}
          disabled={total < 2}
          aria-label={t`Previous picture`}
        >
          <Icon data={BackIcon} size={24} />
        </button>
        <button
          type="button"
          className="gallery__button"
          onClick={() => setZoomTo(zoom - 1)}
          disabled={zoom <= 1}
          aria-label={t`Zoom out`}
        >
          −
        </button>
        <button
          type="button"
          className="gallery__button"
          onClick={() => setZoomTo(Math.floor(zoom) + 1)}
          disabled={zoom >= MAX_ZOOM}
          aria-label={t`Zoom in`}
        >
          +
        </button>
        <button
          type="button"
          className="gallery__button"
          onClick={() => go(1)}
          disabled={total < 2}
          aria-label={t`Next picture`}
        >
          <Icon data={NextIcon} size={24} />
        </button>
      </div>
    </div>
  );
}
