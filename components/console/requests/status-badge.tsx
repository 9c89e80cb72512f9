import { ui } from "../styles";

/** A call's HTTP status, and its API error status when it was refused, toned by outcome. */
export function StatusBadge({ status, error }: { status: number; error: string | null }) {
  const tone =
    status >= 500
      ? "border-red-300 bg-red-50 text-red-800"
      : status >= 400
        ? "border-amber-300 bg-amber-50 text-amber-900"
        : "border-green-300 bg-green-50 text-green-800";
  return <span className={`${ui.badge} ${tone}`}>{error ? `${status} ${error}` : status}</span>;
}
