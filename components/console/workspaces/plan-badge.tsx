import { ui } from "../styles";

export function PlanBadge({ plan }: { plan: string }) {
  const tone =
    plan === "paid" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-zinc-300 bg-zinc-50 text-zinc-700";
  return <span className={`${ui.badge} ${tone}`}>{plan} plan</span>;
}
