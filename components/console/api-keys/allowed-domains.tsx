"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { withDomainCheck } from "@/lib/console/domain-list";
import { splitList } from "@/lib/console/format";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { domainsInput } from "@/lib/domain/domains/domains-input";
import { ConfirmButton } from "../confirm-button";
import { FieldError } from "../field-error";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";

const list = (domains: string[]) => domains.join(", ");
const addDomainsForm = withDomainCheck(domainsInput, "domains");
const LABELS = { domains: "Domains" };

/** Add Domains / Get Domains / Delete Domains for one key; the list pages in the browser (Get Domains returns all). */
export function AllowedDomains({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const target = { workspaceId, apiKeyId };
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const toast = useToast();
  const [text, setText] = useState("");
  const [page, setPage] = useState(0);

  const domainsApi = trpc.v2.workspace.domains;
  const domains = useQuery(domainsApi.get.queryOptions({ ...target, data: {} }));
  const refresh = () => queryClient.invalidateQueries(domainsApi.get.pathFilter());

  const add = useCheckedMutation(
    addDomainsForm,
    domainsApi.add.mutationOptions({
      onSuccess: (result) => {
        setText("");
        toast(
          [
            result.domainsAdded.length && `Added ${list(result.domainsAdded)}.`,
            result.skippedDomains.length && `Already allowed: ${list(result.skippedDomains)}.`,
          ]
            .filter(Boolean)
            .join(" "),
        );
        return refresh();
      },
    }),
    (data) => ({ ...target, data }),
    LABELS,
  );
  const remove = useMutation(
    domainsApi.delete.mutationOptions({
      onSuccess: (result) => {
        toast(
          result.domainsRemoved.length ? `Removed ${list(result.domainsRemoved)}.` : "That domain was already gone.",
        );
        return refresh();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    add.submit({ domains: splitList(text) });
  }

  const all = domains.data?.allowedDomains ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = all.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  return (
    <div className="space-y-4">
      {all.length === 0 ? (
        <p className="text-sm text-zinc-600">No allowed domains: the key works from any origin.</p>
      ) : (
        <div>
          <ul aria-label="Allowed domains" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
            {shown.map((domain) => (
              <li key={domain} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className={`${ui.mono} min-w-0`}>{domain}</span>
                <ConfirmButton
                  ariaLabel={`Remove ${domain}`}
                  title={`Remove ${domain}?`}
                  description={<p>Pages on {domain} can no longer use this key.</p>}
                  confirmLabel="Remove domain"
                  onConfirm={() => remove.mutate({ ...target, data: { domains: [domain] } })}
                  disabled={remove.isPending}
                  className={`${ui.dangerOutline} ${ui.small}`}
                >
                  Remove
                </ConfirmButton>
              </li>
            ))}
          </ul>
          <Pager
            label="Allowed domain pages"
            page={current + 1}
            hasPrevious={current > 0}
            hasNext={current < pages - 1}
            onPrevious={() => setPage(current - 1)}
            onNext={() => setPage(current + 1)}
          />
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-2">
        <label htmlFor={inputId} className={ui.label}>
          Add domains
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            aria-describedby={add.errorFor("domains") ? `${errorId} ${hintId}` : hintId}
            aria-invalid={add.errorFor("domains") ? true : undefined}
            className={`${ui.input} flex-1`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              add.edited("domains");
            }}
            placeholder="app.example.com, *.example.org"
            inputMode="url"
          />
          <button type="submit" className={ui.secondary} disabled={add.pending}>
            {add.pending ? "Adding…" : "Add"}
          </button>
        </div>
        <FieldError id={errorId} error={add.errorFor("domains")} />
        <p id={hintId} className={ui.hint}>
          Host names (app.example.com, *.example.com) or origins (https://app.example.com); separate several with
          commas.
        </p>
        <FormMessage error={add.error} />
      </form>
    </div>
  );
}
