import { Option, type Command } from "commander";
import { PLANS } from "@/lib/domain/administration/update-workspace-settings-input";
import { onOffOption, requireOneOf } from "./options";
import { printJson, withRouter } from "./run";

export function workspaceCommands(program: Command) {
  program
    .command("workspace:update")
    .description("change a workspace's plan and whether it may create production API keys itself")
    .argument("<workspaceId>", "the workspace id (ws_...)")
    .addOption(new Option("--plan <plan>", "the workspace's plan").choices(PLANS))
    .addOption(onOffOption("--production-keys <on|off>", "self-serve production API key creation"))
    .action(async (workspaceId: string, opts: { plan?: (typeof PLANS)[number]; productionKeys?: boolean }) => {
      requireOneOf(opts, { plan: "--plan", productionKeys: "--production-keys" });
      const flags = { workspaceId: "workspaceId", plan: "--plan", productionKeysEnabled: "--production-keys" };
      const data = { workspaceId, plan: opts.plan, productionKeysEnabled: opts.productionKeys };
      await printJson(await withRouter(flags, (r) => r.workspaces.updateSettings({ data })));
    });

  program
    .command("workspace:list")
    .description("list workspaces, oldest first")
    .option("--owner <email>", "only the workspaces of this owner email")
    .action(async (opts: { owner?: string }) => {
      await printJson(
        await withRouter({ ownerEmail: "--owner" }, (r) => r.workspaces.all({ data: { ownerEmail: opts.owner } })),
      );
    });
}
