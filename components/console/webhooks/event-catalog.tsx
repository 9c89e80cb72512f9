import type { WebhookEventTypeView } from "@/lib/domain/webhooks/event-types";
import { ui } from "../styles";

const code =
  "max-h-96 overflow-auto rounded bg-zinc-50 p-3 font-mono text-xs wrap-anywhere whitespace-pre-wrap text-zinc-800";

/**
 * The event catalog: every event type weft sends to webhooks with its JSON Schema and an example body, both as
 * webhooks.eventTypes builds them from the code that makes real payloads.
 */
export function EventCatalog({ types }: { types: WebhookEventTypeView[] }) {
  return (
    <div className="space-y-6">
      <nav aria-label="Event types" className={ui.card}>
        <h2 className={`${ui.cardTitle} mb-2`}>Event types</h2>
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {types.map((t) => (
            <li key={t.type}>
              <a href={`#${t.type}`} className={ui.link}>
                {t.label}
              </a>{" "}
              <code className="font-mono text-xs text-zinc-500">{t.type}</code>
            </li>
          ))}
        </ul>
      </nav>
      <ul aria-label="Event catalog" className="space-y-6">
        {types.map((t) => (
          <li key={t.type} id={t.type} aria-labelledby={`${t.type}-heading`} className={`${ui.card} scroll-mt-4`}>
            <h2 id={`${t.type}-heading`} className={`${ui.cardTitle} break-words`}>
              {t.label} <code className="font-mono text-sm font-normal text-zinc-500">{t.type}</code>
            </h2>
            <p className="mt-1 text-sm text-zinc-600">{t.description}</p>
            {t.trigger && (
              <p className="mt-1 text-sm text-zinc-600">
                Simple webhook and email trigger: <code className="font-mono">{t.trigger}</code>
              </p>
            )}
            <div className="mt-4 grid min-w-0 gap-4 lg:grid-cols-2">
              <JsonBlock title="Example body" label={`Example body of ${t.type}`} value={t.example} />
              <JsonBlock title="JSON Schema" label={`JSON Schema of ${t.type}`} value={t.schema} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function JsonBlock({ title, label, value }: { title: string; label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold text-zinc-900">{title}</h3>
      {/* Focusable: it scrolls, and keyboard users must reach all of it. */}
      <pre tabIndex={0} aria-label={label} className={code}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
