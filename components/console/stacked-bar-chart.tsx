const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

export interface StackedBar {
  key: string;
  /** The bar's tooltip: its numbers. */
  title: string;
  /** The lower part (e.g. successes) and the part stacked on it (e.g. errors). */
  low: number;
  high: number;
}

/**
 * Plain SVG bars, one per period, each a `low` part with a `high` part on top, the first and last period named
 * under the axis and the tallest bar's height at the top (the usage and webhook attempt charts).
 */
export function StackedBarChart({
  bars,
  label,
  first,
  last,
  lowClass,
  highClass,
}: {
  bars: StackedBar[];
  /** The chart's accessible name: what it shows and its totals. */
  label: string;
  first: string;
  last: string;
  lowClass: string;
  highClass: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.low + b.high));
  const slot = WIDTH / Math.max(1, bars.length);
  const bar = Math.max(2, slot - 4);
  const scale = (n: number) => (n / max) * (HEIGHT - AXIS - 10);
  const base = HEIGHT - AXIS;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full">
      <line x1={0} x2={WIDTH} y1={base} y2={base} className="stroke-zinc-300" />
      {bars.map((b, i) => {
        const low = scale(b.low);
        const high = scale(b.high);
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={b.key}>
            <title>{b.title}</title>
            <rect x={x} y={base - low} width={bar} height={low} className={lowClass} />
            <rect x={x} y={base - low - high} width={bar} height={high} className={highClass} />
          </g>
        );
      })}
      <text x={0} y={HEIGHT - 4} className="fill-zinc-500 text-[11px]">
        {first}
      </text>
      <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="fill-zinc-500 text-[11px]">
        {last}
      </text>
      <text x={0} y={10} className="fill-zinc-500 text-[11px]">
        {max.toLocaleString("en")}
      </text>
    </svg>
  );
}
