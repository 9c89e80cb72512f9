import type { Endpoint } from "./define-endpoint";
import { authEndpoints } from "./endpoints/auth";
import { documentEndpoints } from "./endpoints/documents";
import { agentEndpoints } from "./endpoints/agents";
import { aiEndpoints } from "./endpoints/ai";
import { crdtEndpoints } from "./endpoints/crdt";
import { domainEndpoints } from "./endpoints/domains";
import { folderEndpoints } from "./endpoints/folders";
import { notificationEndpoints } from "./endpoints/notifications";
import { activityEndpoints } from "./endpoints/activities";
import { commentEndpoints } from "./endpoints/comments";
import { userDataEndpoints } from "./endpoints/user-data";
import { presenceEndpoints } from "./endpoints/presence";
import { organizationEndpoints } from "./endpoints/organizations";
import { userEndpoints } from "./endpoints/users";
import { userGroupEndpoints } from "./endpoints/user-groups";
import { workspaceEndpoints } from "./endpoints/workspace";
import { emailEndpoints } from "./endpoints/email";
import { webhookEndpoints } from "./endpoints/webhooks";

// Every endpoint, once. Add an area by appending its list here.
export const endpoints = [
  ...workspaceEndpoints,
  ...domainEndpoints,
  ...organizationEndpoints,
  ...folderEndpoints,
  ...documentEndpoints,
  ...userEndpoints,
  ...userGroupEndpoints,
  ...authEndpoints,
  ...crdtEndpoints,
  ...aiEndpoints,
  ...agentEndpoints,
  ...notificationEndpoints,
  ...activityEndpoints,
  ...commentEndpoints,
  ...userDataEndpoints,
  ...presenceEndpoints,
  ...emailEndpoints,
  ...webhookEndpoints,
] as const;

export type EndpointList = typeof endpoints;

function index(list: readonly Endpoint[]): Map<string, Endpoint> {
  const map = new Map<string, Endpoint>();
  for (const e of list) {
    if (map.has(e.path)) throw new Error(`Endpoint defined twice: ${e.path}`);
    map.set(e.path, e);
  }
  return map;
}

export const registry = index(endpoints as unknown as readonly Endpoint[]);
