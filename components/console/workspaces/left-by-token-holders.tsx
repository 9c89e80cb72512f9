import Link from "next/link";
import type { Leftovers } from "@/lib/domain/workspaces/left-by-token-holders";
import { formatTime } from "@/lib/console/format";
import { ui } from "../styles";

/**
 * After a rotation: what was set up with the previous tokens and keeps working without them (webhooks, mail,
 * the permission provider), per key, with links to where each is changed. Nothing when there is nothing.
 */
export function LeftByTokenHolders({ workspaceId, leftovers }: { workspaceId: string; leftovers: Leftovers }) {
  if (leftovers.keys.length === 0) return null;
  const keyPage = (apiKeyId: string, page: string) =>
    `/workspaces/${encodeURIComponent(workspaceId)}/keys/${encodeURIComponent(apiKeyId)}/${page}`;
  return (
    <section aria-labelledby="leftovers-heading" className={`${ui.card} border-amber-200`}>
      <h2 id="leftovers-heading" className={ui.cardTitle}>
        Review after rotating
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        The tokens were rotated {formatTime(leftovers.rotatedAt)}. Whoever held the previous ones can no longer use
        them, but what they set up keeps working. Check that you know each of these; change or remove the others.
      </p>
      <ul className="space-y-4">
        {leftovers.keys.map((k) => (
          <li key={k.apiKeyId} className="space-y-1 text-sm text-zinc-800">
            <p className="font-medium text-zinc-900">
              {k.apiKeyName} <code className={ui.mono}>{k.apiKeyId}</code>
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {k.webhookEndpoints.map((e) => (
                <li key={e.id}>
                  Webhook endpoint <code className={ui.mono}>{e.url}</code>, created {formatTime(e.createdAt)} (
                  <Link className={ui.link} href={keyPage(k.apiKeyId, "advanced-webhooks")}>
                    advanced webhooks
                  </Link>
                  )
                </li>
              ))}
              {k.webhookUrls.map((url) => (
                <li key={url}>
                  Webhook URL <code className={ui.mono}>{url}</code> (
                  <Link className={ui.link} href={keyPage(k.apiKeyId, "webhooks")}>
                    webhooks
                  </Link>
                  )
                </li>
              ))}
              {k.email && (
                <li>
                  Mail{" "}
                  {k.email.fromEmail ? (
                    <>
                      from <code className={ui.mono}>{k.email.fromEmail}</code>
                    </>
                  ) : null}
                  {k.email.ownSendgridKey ? " through a SendGrid key of this API key's own" : ""} (
                  <Link className={ui.link} href={keyPage(k.apiKeyId, "email")}>
                    email
                  </Link>
                  )
                </li>
              )}
              {k.permissionProviderUrl && (
                <li>
                  Permission provider <code className={ui.mono}>{k.permissionProviderUrl}</code> (set with{" "}
                  <code className="font-mono">/v2/workspace/permissionproviderconfig/update</code>)
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
