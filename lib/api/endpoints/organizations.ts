import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addOrganizations, addOrganizationsInput } from "@/lib/domain/organizations/add-organizations";
import { getOrganizations, getOrganizationsInput } from "@/lib/domain/organizations/get-organizations";
import { organizationOutput } from "@/lib/domain/organizations/organizations-contract";
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
];
