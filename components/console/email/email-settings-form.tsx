"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { ApiOutput } from "@/lib/api/client";
import { emailSettingsForm } from "@/lib/console/service-forms";
import { ConfirmButton } from "../confirm-button";
import { SaveBar } from "../save-bar";
import { Switch } from "../switch";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useDirty } from "../use-dirty";
import { useHydrated } from "../use-hydrated";
import { TriggerCheckboxes } from "../webhooks/trigger-checkboxes";

export type EmailConfigView = ApiOutput<"/v2/workspace/emailconfig/get">;

const TYPES = [
  { value: "default", label: "Default (this instance's mailer)" },
  { value: "custom", label: "Custom (your SendGrid key and sender)" },
  { value: "sendgrid", label: "SendGrid (a key is required)" },
] as const;
type EmailType = (typeof TYPES)[number]["value"];

const LABELS = {
  newKey: "New SendGrid API key",
  fromEmail: "From email",
  fromCompany: "From company",
  commentTemplateId: "Comment template id",
  tagTemplateId: "Tag template id",
};
type TextFields = "fromEmail" | "fromCompany" | "commentTemplateId" | "tagTemplateId";

function draftOf(view: EmailConfigView, defaultTriggers: Record<string, boolean>) {
  const c = view.emailServiceConfig;
  return {
    enabled: view.useEmailService,
    type: c.type as EmailType,
    newKey: "",
    fromEmail: c.fromEmail,
    fromCompany: c.fromCompany,
    commentTemplateId: c.commentTemplateId,
    tagTemplateId: c.tagTemplateId,
    triggers: c.triggers ?? defaultTriggers,
  };
}

/**
 * Get / Update Email Config for one key, saved with its Save button. The SendGrid key is shown masked only:
 * the field below sets a new one, and an empty field keeps the stored key (the mask is never sent back).
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
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const toast = useToast();
  const typeId = useId();
  const target = { workspaceId, apiKeyId };
  const configQuery = trpc.v2.workspace.emailconfig.get.queryOptions({ ...target, data: {} });
  const config = useQuery(configQuery);
  const storedKey = (config.data ?? initial).emailServiceConfig.apiKey;

  const [draft, setDraft] = useState(() => draftOf(initial, defaultTriggers));
  const dirty = useDirty(draftOf(initial, defaultTriggers));
  const afterSave = (result: EmailConfigView, message: string) => {
    const next = draftOf(result, defaultTriggers);
    setDraft(next);
    dirty.saved(next);
    queryClient.setQueryData(configQuery.queryKey, result);
    toast(message);
  };

  const update = trpc.v2.workspace.emailconfig.update;
  const save = useCheckedMutation(
    emailSettingsForm,
    update.mutationOptions({ onSuccess: (result) => afterSave(result, "Email settings saved.") }),
    ({ newKey, hasStoredKey: _stored, type, ...fields }) => ({
      ...target,
      data: {
        useEmailService: draft.enabled,
        emailServiceConfig: { type, ...fields, triggers: draft.triggers, ...(newKey && { apiKey: newKey }) },
      },
    }),
    LABELS,
  );
  const removeKey = useMutation(
    update.mutationOptions({
      onSuccess: (result) => afterSave(result, "SendGrid key removed."),
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const test = useMutation(
    trpc.email.sendTest.mutationOptions({
      onSuccess: (sent) =>
        toast(
          sent.transport === "outbox"
            ? `Test email to ${sent.to} stored in the dev outbox (see Mailbox).`
            : `Test email sent to ${sent.to} through SendGrid.`,
        ),
      onError: (e) => toast(e.message, "error"),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({
      type: draft.type,
      hasStoredKey: storedKey !== "",
      newKey: draft.newKey.trim(),
      fromEmail: draft.fromEmail.trim(),
      fromCompany: draft.fromCompany.trim(),
      commentTemplateId: draft.commentTemplateId.trim(),
      tagTemplateId: draft.tagTemplateId.trim(),
    });
  }

  const field = (name: TextFields | "newKey") => ({
    value: draft[name],
    error: save.errorFor(name),
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [name]: e.target.value }));
      save.edited(name);
    },
  });
  const allTriggers = [...new Set([...triggerNames, ...Object.keys(draft.triggers)])];

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-5">
        <Switch
          label="Email notifications"
          description="Mail the people involved when a trigger below happens."
          checked={draft.enabled}
          onChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
        />

        <div>
          <label htmlFor={typeId} className={ui.label}>
            Type
          </label>
          <select
            id={typeId}
            className={`${ui.input} mt-1`}
            value={draft.type}
            onChange={(e) => {
              setDraft((d) => ({ ...d, type: e.target.value as EmailType }));
              save.edited("newKey");
            }}
          >
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>

        <div className="space-y-2">
          <p className={ui.label}>SendGrid API key</p>
          {storedKey ? (
            <div className="flex flex-wrap items-center gap-3">
              <code aria-label="SendGrid API key (masked)" className={`${ui.mono} text-zinc-700`}>
                {storedKey}
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
                onConfirm={() => removeKey.mutate({ ...target, data: { emailServiceConfig: { apiKey: "" } } })}
                disabled={removeKey.isPending}
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
            hint="Replaces the stored key when saved; leave empty to keep it. Stored encrypted, shown only masked."
            {...field("newKey")}
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

        <TriggerCheckboxes
          legend="Email triggers"
          names={allTriggers}
          values={draft.triggers}
          onChange={(triggers) => setDraft((d) => ({ ...d, triggers }))}
        />

        <SaveBar
          label="Save email settings"
          dirty={dirty.isDirty(draft)}
          pending={save.pending}
          hydrated={hydrated}
          error={save.error ?? config.error?.message}
        />
      </form>

      <div className="space-y-3 border-t border-zinc-200 pt-5">
        <p className="text-sm text-zinc-600">
          Sends a test mail to you through the same path as the trigger mails: the SendGrid key above when the type is
          custom or SendGrid and a key is set, otherwise this instance&apos;s mailer.
        </p>
        <button
          type="button"
          className={ui.secondary}
          disabled={!hydrated || test.isPending}
          onClick={() => test.mutate({ ...target, data: {} })}
        >
          {test.isPending ? "Sending…" : "Send test email"}
        </button>
      </div>
    </div>
  );
}
