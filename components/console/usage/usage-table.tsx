import type { UsageDayRow, UsageMetric } from "@/lib/domain/usage/get-usage";

export const usageLabels: Record<UsageMetric, string> = {
  apiCalls: "API calls",
  apiErrors: "API errors",
  documents: "Documents",
  users: "Users",
  notifications: "Notifications",
  webhookDeliveries: "Webhook deliveries",
  emails: "Emails",
  liveConnections: "Live connections",
};

const metrics = Object.keys(usageLabels) as UsageMetric[];

/** Totals over the period, then the days (newest first) with any activity. */
export function UsageTable({ days }: { days: UsageDayRow[] }) {
  const active = days.filter((d) => metrics.some((m) => d[m] > 0)).reverse();
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {metrics.map((m) => (
          <div key={m} className="rounded-md border border-zinc-200 p-3">
            <dt className="text-xs text-zinc-600">{usageLabels[m]}</dt>
            <dd className="text-lg font-semibold text-zinc-900" data-metric={m}>
              {days.reduce((n, d) => n + d[m], 0).toLocaleString("en")}
            </dd>
          </div>
        ))}
      </dl>
      {active.length === 0 ? (
        <p className="text-sm text-zinc-600">No activity in this period.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-zinc-200">
          <table aria-label="Usage per day" className="min-w-full text-right text-sm">
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Day (UTC)
                </th>
                {metrics.map((m) => (
                  <th key={m} scope="col" className="px-3 py-2 font-medium">
                    {usageLabels[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200">
              {active.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-zinc-900">
                    {d.day}
                  </th>
                  {metrics.map((m) => (
                    <td key={m} className="px-3 py-2 text-zinc-700">
                      {d[m].toLocaleString("en")}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
