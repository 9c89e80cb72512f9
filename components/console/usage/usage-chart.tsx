import type { UsageDayRow } from "@/lib/domain/usage/get-usage";
import { StackedBarChart } from "../stacked-bar-chart";

/** API calls per day as plain SVG bars (errors in red on top of successes); the table beside it has the numbers. */
export function UsageChart({ days }: { days: UsageDayRow[] }) {
  const max = Math.max(1, ...days.map((d) => d.apiCalls));
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const total = days.reduce((n, d) => n + d.apiCalls, 0);
  const summary = `${total.toLocaleString("en")} in all, at most ${max.toLocaleString("en")} a day`;
  return (
    <figure>
      <StackedBarChart
        label={`API calls per day from ${first} to ${last}: ${summary}`}
        first={first}
        last={last}
        lowClass="fill-zinc-700"
        highClass="fill-red-600"
        bars={days.map((d) => ({
          key: d.day,
          title: `${d.day}: ${d.apiCalls} calls, ${d.apiErrors} errors`,
          low: d.apiCalls - d.apiErrors,
          high: d.apiErrors,
        }))}
      />
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
