import { formatTime } from "@/lib/console/format";
import { StackedBarChart } from "../stacked-bar-chart";

export interface AttemptBucketView {
  at: string;
  succeeded: number;
  failed: number;
}

/** "2026-05-01 14:00" per hour, "2026-05-01" per day (UTC, as every time in the console). */
const bucketLabel = (at: string, unit: "hour" | "day") => formatTime(at).slice(0, unit === "hour" ? 16 : 10);

/** An endpoint's delivery attempts over time, one bar per hour or day: failures in red on top of successes. */
export function AttemptChart({ series, unit }: { series: AttemptBucketView[]; unit: "hour" | "day" }) {
  const first = series[0] ? bucketLabel(series[0].at, unit) : "";
  const last = series.at(-1) ? bucketLabel(series.at(-1)!.at, unit) : "";
  const succeeded = series.reduce((n, b) => n + b.succeeded, 0);
  const failed = series.reduce((n, b) => n + b.failed, 0);
  return (
    <figure>
      <StackedBarChart
        label={`Attempts per ${unit} from ${first} to ${last} UTC: ${succeeded} succeeded, ${failed} failed`}
        first={first}
        last={last}
        lowClass="fill-emerald-600"
        highClass="fill-red-600"
        bars={series.map((b) => ({
          key: b.at,
          title: `${bucketLabel(b.at, unit)} UTC: ${b.succeeded} succeeded, ${b.failed} failed`,
          low: b.succeeded,
          high: b.failed,
        }))}
      />
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
