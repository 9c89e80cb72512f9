import { z } from "zod";
import {
  activitiesAddedOutput,
  activityConfigOutput,
  activityOutput,
} from "@/lib/domain/activities/activities-contract";
import {
  getActivityConfig,
  getActivityConfigInput,
  updateActivityConfig,
  updateActivityConfigInput,
} from "@/lib/domain/activities/activity-config";
import { ACTIVITIES_ADDED, addActivities, addActivitiesInput } from "@/lib/domain/activities/add-activities";
import { deleteActivities, deleteActivitiesInput } from "@/lib/domain/activities/delete-activities";
import { getActivities, getActivitiesInput } from "@/lib/domain/activities/get-activities";
import { updateActivities, updateActivitiesInput } from "@/lib/domain/activities/update-activities";
import { itemResults } from "@/lib/domain/batch";
import { defineEndpoint } from "../define-endpoint";
import { paged } from "./replies";

export const activityEndpoints = [
  defineEndpoint({
    path: "/v2/activities/add",
    auth: "apiKey",
    summary:
      "Add Activity Logs. Needs the activity service on for the key (npx weft apikey:update <key> --activity-logs on). Writing an existing id overwrites it; targetEntityId is required for featureType custom.",
    input: addActivitiesInput,
    output: activitiesAddedOutput,
    message: ACTIVITIES_ADDED,
    writes: true,
    run: (input, ctx) => addActivities(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/activities/get",
    auth: "apiKey",
    summary:
      "Get Activity Logs: filters combine; paged (pageSize default 1000, pageToken), sorted by timestamp (order, default desc).",
    input: getActivitiesInput,
    message: "Activity(s) retrieved successfully.",
    run: (input, ctx) => getActivities(ctx.scope, input, ctx.db),
    ...paged("activities", "pageToken", z.array(activityOutput)),
  }),
  defineEndpoint({
    path: "/v2/activities/update",
    auth: "apiKey",
    summary:
      "Update Activity Logs: changes, entityData, entityTargetData, displayMessageTemplate(Data) and actionIcon of records by id; fields left out keep their value. Refused while the log is immutable.",
    input: updateActivitiesInput,
    output: itemResults,
    message: "Activity(s) updated successfully.",
    writes: true,
    run: (input, ctx) => updateActivities(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/activities/delete",
    auth: "apiKey",
    summary: "Delete Activity Logs matching the filters (at least one of documentId, targetEntityId, activityIds).",
    input: deleteActivitiesInput,
    output: itemResults,
    message: "Activity(s) deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteActivities(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/activityconfig/get",
    auth: "apiKey",
    summary: "Get Activity Config.",
    input: getActivityConfigInput,
    output: activityConfigOutput,
    message: "Activity logs configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getActivityConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/activityconfig/update",
    auth: "apiKey",
    summary: "Update Activity Config: see docs/comments-and-events.md.",
    input: updateActivityConfigInput,
    output: activityConfigOutput,
    message: "Activity logs configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateActivityConfig(ctx.scope, input, ctx.tx),
  }),
];
