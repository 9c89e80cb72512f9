"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { ApiOutput } from "@/lib/api/client";
import type { ApiInput } from "@/lib/api/client";
import { sendTestEmailAction } from "@/lib/console/api-keys/email-actions";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { unwrap } from "@/lib/console/action-result";
import { callOperation } from "@/lib/console/operations";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useHydrated } from "../use-hydrated";
import { TriggerCheckboxes } from "../webhooks/trigger-checkboxes";

export type EmailConfigView = ApiOutput<"/v2/workspace/emailconfig/get">;

const TYPES = [
  { value: "default", label: "Default (this instance's mailer)" },
  { value: "custom", label: "Custom (your SendGrid key and sender)" },
  { value: "sendgrid", label: "SendGrid (a key is required)" },
];

type Fields = "fromEmail" | "fromCompany" | "commentTemplateId" | "tagTemplateId";

/**
 * Get / Update Email Config for one key. The SendGrid key is shown masked only: the field below sets a new
 * one, and an empty field keeps the stored key (the mask is never sent back as a key).
 */
export function EmailSettingsForm({
  workspaceId,
  apiKeyId,
  initial,
  triggerNames,
  defaultTriggers,
}: {
  workspaceId: string;
  apiKeyId: string;
  initial: EmailConfigView;
  triggerNames: string[];
  defaultTriggers: Record<string, boolean>;
}) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const typeId = useId();
  const target = { workspaceId, apiKeyId };
  const queryKey = apiKeyKeys.email(workspaceId, apiKeyId);
  const config = useQuery({
    queryKey,
    queryFn: () => unwrap(callOperation("/v2/workspace/emailconfig/get", {}, target)),
    initialData: initial,
  });
  const c = config.data.emailServiceConfig;

  const [enabled, setEnabled] = useState(initial.useEmailService);
  const [type, setType] = useState(initial.emailServiceConfig.type);
  const [newKey, setNewKey] = useState("");
  const [fields, setFields] = useState<Record<Fields, string>>({
    fromEmail: c.fromEmail,
    fromCompany: c.fromCompany,
    commentTemplateId: c.commentTemplateId,
    tagTemplateId: c.tagTemplateId,
  });
  const [triggers, setTriggers] = useState<Record<string, boolean>>(
    initial.emailServiceConfig.triggers ?? defaultTriggers,
  );
  const [saved, setSaved] = useState<string | null>(null);

  // The server action parses with Update Email Config's schema and answers with its message.
  const save = useMutation({
    mutationFn: (input: ApiInput<"/v2/workspace/emailconfig/update">) =>
      unwrap(callOperation("/v2/workspace/emailconfig/update", input, target)),
    onSuccess: (result) => {
      setNewKey("");
      setEnabled(result.useEmailService);
      setType(result.emailServiceConfig.type);
      if (result.emailServiceConfig.triggers) setTriggers(result.emailServiceConfig.triggers);
      setSaved("Email settings saved.");
      queryClient.setQueryData(queryKey, result);
    },
  });
  const test = useMutation({ mutationFn: () => unwrap(sendTestEmailAction({}, target)) });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(null);
    const key = newKey.trim();
    save.mutate({
      useEmailService: enabled,
      emailServiceConfig: {
        type: type as "default" | "custom" | "sendgrid",
        ...fields,
        triggers,
        ...(key && { apiKey: key }),
      },
    });
  }

  const field = (name: Fields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });
  const allTriggers = [...new Set([...triggerNames, ...Object.keys(triggers)])];

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-5">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-4 accent-zinc-900"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <span>
            <span className="block text-sm font-medium text-zinc-800">Email notifications</span>
            <span className="block text-sm text-zinc-500">Mail the people involved when a trigger below happens.</span>
          </span>
        </label>

        <div>
          <label htmlFor={typeId} className={ui.label}>
            Type
          </label>
          <select id={typeId} className={`${ui.input} mt-1`} value={type} onChange={(e) => setType(e.target.value)}>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>

        <div className="space-y-2">
          <p className={ui.label}>SendGrid API key</p>
          {c.apiKey ? (
            <div className="flex flex-wrap items-center gap-3">
              <code aria-label="SendGrid API key (masked)" className={`${ui.mono} text-zinc-700`}>
                {c.apiKey}
              </code>
              <ConfirmButton
                title="Remove the SendGrid key?"
                description={
                  <p>
                    Mail of this key then goes through this instance&apos;s mailer. Type SendGrid needs a key, so switch
                    the type first.
                  </p>
                }
                confirmLabel="Remove key"
                onConfirm={() => {
                  setSaved(null);
                  save.mutate({ emailServiceConfig: { apiKey: "" } });
                }}
                disabled={save.isPending}
                className={`${ui.dangerOutline} ${ui.small}`}
              >
                Remove key
              </ConfirmButton>
            </div>
          ) : (
            <p className="text-sm text-zinc-500">Not set</p>
          )}
          <TextField
            label="New SendGrid API key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            hint="Replaces the stored key when saved; leave empty to keep it. Stored encrypted, shown only masked."
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="From email" type="email" autoComplete="off" {...field("fromEmail")} />
          <TextField label="From company" {...field("fromCompany")} />
          <TextField
            label="Comment template id"
            hint="SendGrid dynamic template for everyone not mentioned."
            {...field("commentTemplateId")}
          />
          <TextField
            label="Tag template id"
            hint="SendGrid dynamic template for mentioned users."
            {...field("tagTemplateId")}
          />
        </div>

        <TriggerCheckboxes legend="Email triggers" names={allTriggers} values={triggers} onChange={setTriggers} />

        <FormMessage error={save.error?.message ?? config.error?.message} success={saved} />
        <button type="submit" className={ui.primary} disabled={!hydrated || save.isPending}>
          {save.isPending ? "Saving…" : "Save email settings"}
        </button>
      </form>

      <div className="space-y-3 border-t border-zinc-200 pt-5">
        <p className="text-sm text-zinc-600">
          Sends a test mail to you through the same path as the trigger mails: the SendGrid key above when the type is
          custom or SendGrid and a key is set, otherwise this instance&apos;s mailer.
        </p>
        <FormMessage
          error={test.error?.message}
          success={
            test.data
              ? test.data.transport === "outbox"
                ? `Test email to ${test.data.to} stored in the dev outbox (see Mailbox).`
                : `Test email sent to ${test.data.to} through SendGrid.`
              : null
          }
        />
        <button
          type="button"
          className={ui.secondary}
          disabled={!hydrated || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? "Sending…" : "Send test email"}
        </button>
      </div>
    </div>
  );
}
