import Link from "next/link";
import type { ReactNode } from "react";
import { formatTime } from "@/lib/console/format";
import { replayCommand, replayVariables } from "@/lib/console/usage/replay-command";
import type { HeaderList } from "@/lib/domain/usage/redact-secrets";
import type { RequestLogDetail } from "@/lib/domain/usage/list-request-log";
import { CopyButton } from "../copy-button";
import { DetailsList } from "../details-list";
import { ui } from "../styles";
import { StatusBadge } from "./status-badge";

type Item = [label: string, value: ReactNode];

const block = "overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre text-zinc-900";

/** A stored body as indented JSON when it is JSON, else as it was kept. */
function prettyBody(body: string | null): string | null {
  if (!body) return null;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One logged call in full, as the log kept it (every credential and secret was redacted before it was written):
 * what was asked and answered, why it was refused, and a curl that replays it with the credentials as variables.
 */
export function RequestDetail({
  call,
  baseUrl,
  backHref,
}: {
  call: RequestLogDetail;
  baseUrl: string;
  backHref: string;
}) {
  const command = replayCommand(call, baseUrl);
  const variables = replayVariables(call.requestHeaders);
  return (
    <div className="space-y-6">
      <section aria-labelledby="call-heading" className={ui.card}>
        <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id="call-heading" className={ui.cardTitle}>
            {call.method} {call.operation}
          </h2>
          <Link href={backHref} className={`${ui.link} text-sm`}>
            Back to the request log
          </Link>
        </div>
        <DetailsList
          items={[
            [
              "Time",
              <time key="time" dateTime={call.time}>
                {formatTime(call.time, "ms")}
              </time>,
            ],
            [
              "Operation",
              <code key="op" className={ui.mono}>
                {call.operation}
              </code>,
            ],
            [
              "Path",
              <code key="path" className={ui.mono}>
                {call.url}
              </code>,
            ],
            ["Status", <StatusBadge key="status" status={call.httpStatus} error={call.errorStatus} />],
            ...(call.errorMessage ? [["Error message", call.errorMessage] satisfies Item] : []),
            ...(call.errorField
              ? [
                  [
                    "Error field",
                    <code key="field" className={ui.mono}>
                      {call.errorField}
                    </code>,
                  ] satisfies Item,
                ]
              : []),
            ["Latency", `${call.durationMs} ms`],
            [
              "Request id",
              <span key="id" className="flex flex-wrap items-center gap-2">
                <code className={ui.mono}>{call.requestId}</code>
                <CopyButton value={call.requestId} label="Copy the request id" />
              </span>,
            ],
            ...(call.clientIp
              ? [
                  [
                    "Client IP",
                    <code key="ip" className={ui.mono}>
                      {call.clientIp}
                    </code>,
                  ] satisfies Item,
                ]
              : []),
          ]}
        />
      </section>

      <section aria-labelledby="replay-heading" className={ui.card}>
        <h2 id="replay-heading" className={ui.cardTitle}>
          Replay
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          {variables.length > 0 ? (
            <>
              Set <code className="font-mono">{variables.map((v) => `$${v}`).join(", ")}</code> first: credentials are
              never kept in the log.{" "}
            </>
          ) : null}
          Secrets in the body were kept as <code className="font-mono">[redacted]</code>: put them back before replaying
          a call that sets one.
        </p>
        <pre aria-label="Replay command" className={block}>
          {command}
        </pre>
        <div className="mt-3">
          <CopyButton value={command} label="Copy the replay command" />
        </div>
      </section>

      <Exchange id="request" title="Request" headers={call.requestHeaders} body={call.requestBody} />
      <Exchange id="response" title="Response" headers={call.responseHeaders} body={call.responseBody} />
    </div>
  );
}

function Exchange({
  id,
  title,
  headers,
  body,
}: {
  id: string;
  title: string;
  headers: HeaderList;
  body: string | null;
}) {
  const pretty = prettyBody(body);
  return (
    <section aria-labelledby={`${id}-heading`} className={ui.card}>
      <h2 id={`${id}-heading`} className={ui.cardTitle}>
        {title}
      </h2>
      <h3 className="mt-4 mb-2 text-sm font-medium text-zinc-700">Headers</h3>
      <pre aria-label={`${title} headers`} className={block}>
        {headers.length > 0 ? headers.map(([name, value]) => `${name}: ${value}`).join("\n") : "None kept."}
      </pre>
      <h3 className="mt-4 mb-2 text-sm font-medium text-zinc-700">Body</h3>
      {pretty ? (
        <pre aria-label={`${title} body`} className={block}>
          {pretty}
        </pre>
      ) : (
        <p className="text-sm text-zinc-600">No body.</p>
      )}
    </section>
  );
}
