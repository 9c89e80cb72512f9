import { ui } from "@/components/console/styles";
import { UsageChart } from "@/components/console/usage/usage-chart";
import { UsageTable } from "@/components/console/usage/usage-table";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Usage · weft" };

export default async function UsagePage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { days } = await load(trpc.usage.days.queryOptions({ workspaceId: id, apiKeyId: keyId, data: { days: 30 } }));
  return (
    <section aria-labelledby="usage-heading" className={`${ui.card} space-y-6`}>
      <div>
        <h2 id="usage-heading" className={ui.cardTitle}>
          Usage over the last 30 days
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Per UTC day, across every instance. Documents, users, notifications, webhook deliveries and emails count what
          was created that day; live connections count the connections opened.
        </p>
      </div>
      <UsageChart days={days} />
      <UsageTable days={days} />
    </section>
  );
}
