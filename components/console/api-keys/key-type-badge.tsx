import { ui } from "../styles";

export function KeyTypeBadge({ type }: { type: string }) {
  const tone =
    type === "production"
      ? "border-indigo-300 bg-indigo-50 text-indigo-900"
      : "border-zinc-300 bg-zinc-50 text-zinc-700";
  return <span className={`${ui.badge} ${tone}`}>{type}</span>;
}
