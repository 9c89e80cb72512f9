import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addOrganizations, addOrganizationsInput } from "@/lib/domain/organizations/add-organizations";
import { deleteOrganizations, deleteOrganizationsInput } from "@/lib/domain/organizations/delete-organizations";
import { getOrganizations, getOrganizationsInput } from "@/lib/domain/organizations/get-organizations";
import { organizationOutput } from "@/lib/domain/organizations/organizations-contract";
import { updateOrganizations, updateOrganizationsInput } from "@/lib/domain/organizations/update-organizations";
import {
  updateOrganizationsDisabledState,
  updateOrganizationsDisabledStateInput,
} from "@/lib/domain/organizations/update-organizations-disabled-state";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { paged, V1_PAGE } from "./replies";

const addOrganizationsV2 = defineEndpoint({
  path: "/v2/organizations/add",
  auth: "apiKey",
  summary: "Add Organizations",
  input: addOrganizationsInput,
  output: itemResults,
  message: "Organization(s) added successfully.",
  writes: true,
  run: (input, ctx) => addOrganizations(ctx.scope, input, ctx.tx),
});

const getOrganizationsV2 = defineEndpoint({
  path: "/v2/organizations/get",
  auth: "apiKey",
  summary: "Get Organizations",
  input: getOrganizationsInput,
  message: "Organization(s) retrieved successfully.",
  dataOptional: true,
  run: (input, ctx) => getOrganizations(ctx.scope, input, ctx.db),
  ...paged("organizations", "nextPageToken", z.array(organizationOutput)),
});

const updateOrganizationsV2 = defineEndpoint({
  path: "/v2/organizations/update",
  auth: "apiKey",
  summary: "Update Organizations",
  input: updateOrganizationsInput,
  output: itemResults,
  message: "Organization(s) updated successfully.",
  writes: true,
  run: (input, ctx) => updateOrganizations(ctx.scope, input, ctx.tx),
});

const deleteOrganizationsV2 = defineEndpoint({
  path: "/v2/organizations/delete",
  auth: "apiKey",
  summary:
    "Delete Organizations: gone from every read at once; its data is purged in the background (docs/organizations.md).",
  input: deleteOrganizationsInput,
  output: itemResults,
  message: "Organization(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteOrganizations(ctx.scope, input, ctx.tx),
});

const updateOrganizationsDisabledStateV2 = defineEndpoint({
  path: "/v2/organizations/access/disablestate/update",
  auth: "apiKey",
  summary:
    "Update Disabled State for Organizations: end users lose (or regain) all access; key-level REST keeps working.",
  input: updateOrganizationsDisabledStateInput,
  output: itemResults,
  message: "Updated disable state for Organization(s) successfully.",
  writes: true,
  run: (input, ctx) => updateOrganizationsDisabledState(ctx.scope, input, ctx.tx),
});

export const organizationEndpoints = [
  addOrganizationsV2,
  v1Twin(addOrganizationsV2, "/v1/organizations/add"),
  getOrganizationsV2,
  v1Twin(getOrganizationsV2, "/v1/organizations/get", {
    summary: `Get Organizations (v1, no paging: the first ${V1_PAGE.toLocaleString("en")}).`,
    input: getOrganizationsInput.omit({ pageSize: true, pageToken: true }),
    output: z.array(organizationOutput),
    reply: undefined,
    run: async (input, ctx) =>
      (await getOrganizations(ctx.scope, { ...input, pageSize: V1_PAGE }, ctx.db)).organizations,
  }),
  updateOrganizationsV2,
  v1Twin(updateOrganizationsV2, "/v1/organizations/update"),
  deleteOrganizationsV2,
  v1Twin(deleteOrganizationsV2, "/v1/organizations/delete"),
  updateOrganizationsDisabledStateV2,
  v1Twin(updateOrganizationsDisabledStateV2, "/v1/organizations/access/disablestate/update"),
];
