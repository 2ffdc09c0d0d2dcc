import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisWon } from './price-format.ts';

/**
 * The price line of a history popup (uPlot: loaded with this module only, never in the entry).
 * Years on x, won on y labelled in man (10^4) and eok (10^8). The table beside it carries the same numbers for
 * screen readers, so the canvas is hidden from them.
 */
export default function PriceChart({ years, values }: { years: number[]; values: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      {
        width: Math.max(260, el.clientWidth),
        height: 200,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) },
          { size: 56, values: (_u, ticks) => ticks.map((v) => axisWon(v)) },
        ],
        series: [{}, { stroke: '#2563eb', width: 2, points: { show: true, size: 6 } }],
      },
      [years, values],
      el,
    );
    return () => plot.destroy();
  }, [years, values]);
  return <div ref={box} className="price-chart" aria-hidden="true" data-testid="price-chart" />;
}
