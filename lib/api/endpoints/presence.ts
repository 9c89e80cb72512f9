import {
  addPresence,
  changePresenceInput,
  deletePresence,
  deletePresenceInput,
  updatePresence,
} from "@/lib/domain/presence/change-presence";
import { getPresence, getPresenceInput } from "@/lib/domain/presence/get-presence";
import { broadcastInput, broadcastLiveState, getLiveState, getLiveStateInput } from "@/lib/domain/presence/live-state";
import { liveStatesOutput, presenceOutput, successOutput } from "@/lib/domain/presence/presence-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";

const LIVE = "Live clients of the document's editors see it as awareness states (docs/live.md).";

const broadcastV2 = defineEndpoint({
  path: "/v2/livestate/broadcast",
  auth: "apiKey",
  summary:
    "Broadcast Event (Live State Sync): stores the value of liveStateDataId for the document (merge: one level deep into the stored object; default replaces) and sends it to the document's live clients as a stateless message; a client that connects later gets the stored value.",
  input: broadcastInput,
  output: successOutput,
  message: "Event broadcasted successfully.",
  writes: true,
  run: (input, ctx) => broadcastLiveState(ctx.scope, input, ctx.tx),
});

export const presenceEndpoints = [
  defineEndpoint({
    path: "/v2/presence/add",
    auth: "apiKey",
    summary: `Add Presence: put users (or an agent) into a document's presence, with name, email and status, until deleted or WEFT_PRESENCE_TTL_S after the last add or update. ${LIVE}`,
    input: changePresenceInput,
    output: successOutput,
    message: "Presence added successfully.",
    writes: true,
    run: (input, ctx) => addPresence(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/presence/update",
    auth: "apiKey",
    summary: `Update Presence: change name, email or status of users who are present (refreshing their time); a user who is not present stays absent. ${LIVE}`,
    input: changePresenceInput,
    output: successOutput,
    message: "Presence updated successfully.",
    writes: true,
    run: (input, ctx) => updatePresence(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/presence/delete",
    auth: "apiKey",
    summary: `Delete Presence: take users out of a document's presence. ${LIVE}`,
    input: deletePresenceInput,
    output: successOutput,
    message: "Presence deleted successfully.",
    writes: true,
    run: (input, ctx) => deletePresence(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/presence/get",
    auth: "apiKey",
    summary:
      "weft extension: who is in a document now, across every instance: users put there over REST and users connected live to any of its editors.",
    input: getPresenceInput,
    output: presenceOutput,
    message: "Presence retrieved successfully.",
    run: (input, ctx) => getPresence(ctx.scope, input, ctx.db),
  }),
  broadcastV2,
  v1Twin(broadcastV2, "/v1/livestate/broadcast"),
  defineEndpoint({
    path: "/v2/livestate/get",
    auth: "apiKey",
    summary: "weft extension: the stored live state values of a document (one, with liveStateDataId).",
    input: getLiveStateInput,
    output: liveStatesOutput,
    message: "Live state retrieved successfully.",
    run: (input, ctx) => getLiveState(ctx.scope, input, ctx.db),
  }),
];
