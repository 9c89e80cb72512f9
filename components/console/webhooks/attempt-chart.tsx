import { formatTime } from "@/lib/console/format";

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

export interface AttemptBucketView {
  at: string;
  succeeded: number;
  failed: number;
}

/** "2026-05-01 14:00" per hour, "2026-05-01" per day (UTC, as every time in the console). */
const bucketLabel = (at: string, unit: "hour" | "day") => formatTime(at).slice(0, unit === "hour" ? 16 : 10);

/**
 * An endpoint's delivery attempts over time as plain SVG bars, failures in red on top of successes, one bar per
 * hour or day; each bar's title has its numbers (as the usage chart).
 */
export function AttemptChart({ series, unit }: { series: AttemptBucketView[]; unit: "hour" | "day" }) {
  const max = Math.max(1, ...series.map((b) => b.succeeded + b.failed));
  const slot = WIDTH / Math.max(1, series.length);
  const bar = Math.max(2, slot - 4);
  const scale = (n: number) => (n / max) * (HEIGHT - AXIS - 10);
  const first = series[0] ? bucketLabel(series[0].at, unit) : "";
  const last = series.at(-1) ? bucketLabel(series.at(-1)!.at, unit) : "";
  const succeeded = series.reduce((n, b) => n + b.succeeded, 0);
  const failed = series.reduce((n, b) => n + b.failed, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Attempts per ${unit} from ${first} to ${last} UTC: ${succeeded} succeeded, ${failed} failed`}
        className="h-auto w-full"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-zinc-300" />
        {series.map((b, i) => {
          const ok = scale(b.succeeded);
          const err = scale(b.failed);
          const x = i * slot + (slot - bar) / 2;
          const base = HEIGHT - AXIS;
          return (
            <g key={b.at}>
              <title>{`${bucketLabel(b.at, unit)} UTC: ${b.succeeded} succeeded, ${b.failed} failed`}</title>
              <rect x={x} y={base - ok} width={bar} height={ok} className="fill-emerald-600" />
              <rect x={x} y={base - ok - err} width={bar} height={err} className="fill-red-600" />
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
          {max}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-zinc-600">
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-2 w-3 bg-emerald-600" /> succeeded ({succeeded})
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-2 w-3 bg-red-600" /> failed ({failed})
        </span>
      </figcaption>
    </figure>
  );
}
