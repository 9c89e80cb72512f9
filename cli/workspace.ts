import { Option, type Command } from "commander";
import { listWorkspaces, listWorkspacesInput } from "@/lib/domain/administration/list-workspaces";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import {
  PLANS,
  updateWorkspaceSettings,
  updateWorkspaceSettingsInput,
} from "@/lib/domain/administration/update-workspace-settings";
import { transaction } from "@/lib/infra/db";
import { onOffOption, requireOneOf } from "./options";
import { parseInput, printJson, withDatabase } from "./run";

export function workspaceCommands(program: Command) {
  program
    .command("workspace:update")
    .description("change a workspace's plan and whether it may create production API keys itself")
    .argument("<workspaceId>", "the workspace id (ws_...)")
    .addOption(new Option("--plan <plan>", "the workspace's plan").choices(PLANS))
    .addOption(onOffOption("--production-keys <on|off>", "self-serve production API key creation"))
    .action(async (workspaceId: string, opts: { plan?: (typeof PLANS)[number]; productionKeys?: boolean }) => {
      requireOneOf(opts, { plan: "--plan", productionKeys: "--production-keys" });
      const input = parseInput(
        updateWorkspaceSettingsInput,
        { workspaceId, plan: opts.plan, productionKeysEnabled: opts.productionKeys },
        { workspaceId: "workspaceId", plan: "--plan", productionKeysEnabled: "--production-keys" },
      );
      await printJson(
        await withDatabase(() => transaction((tx) => updateWorkspaceSettings(OPERATOR_SCOPE, input, tx))),
      );
    });

  program
    .command("workspace:list")
    .description("list workspaces, oldest first")
    .option("--owner <email>", "only the workspaces of this owner email")
    .action(async (opts: { owner?: string }) => {
      const input = parseInput(listWorkspacesInput, { ownerEmail: opts.owner }, { ownerEmail: "--owner" });
      await printJson(await withDatabase((db) => listWorkspaces(OPERATOR_SCOPE, input, db)));
    });
}
