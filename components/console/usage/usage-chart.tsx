import type { UsageDayRow } from "@/lib/domain/usage/get-usage";

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/** API calls per day as plain SVG bars (errors in red on top of successes); the table beside it has the numbers. */
export function UsageChart({ days }: { days: UsageDayRow[] }) {
  const max = Math.max(1, ...days.map((d) => d.apiCalls));
  const slot = WIDTH / days.length;
  const bar = Math.max(2, slot - 4);
  const scale = (n: number) => (n / max) * (HEIGHT - AXIS - 10);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const total = days.reduce((n, d) => n + d.apiCalls, 0);
  const summary = `${total.toLocaleString("en")} in all, at most ${max.toLocaleString("en")} a day`;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`API calls per day from ${first} to ${last}: ${summary}`}
        className="h-auto w-full"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-zinc-300" />
        {days.map((d, i) => {
          const ok = scale(d.apiCalls - d.apiErrors);
          const err = scale(d.apiErrors);
          const x = i * slot + (slot - bar) / 2;
          const base = HEIGHT - AXIS;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${d.apiCalls} calls, ${d.apiErrors} errors`}</title>
              <rect x={x} y={base - ok} width={bar} height={ok} className="fill-zinc-700" />
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
          {max.toLocaleString("en")}
        </text>
      </svg>
      <figcaption className="mt-2 flex gap-4 text-xs text-zinc-600">
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-2 w-3 bg-zinc-700" /> successful calls
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-2 w-3 bg-red-600" /> errors
        </span>
      </figcaption>
    </figure>
  );
}
