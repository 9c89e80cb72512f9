import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addOrganizations, addOrganizationsInput } from "@/lib/domain/organizations/add-organizations";
import { getOrganizations, getOrganizationsInput } from "@/lib/domain/organizations/get-organizations";
import { organizationOutput } from "@/lib/domain/organizations/organizations-contract";
import { defineEndpoint } from "../define-endpoint";
import { paged } from "./replies";

export const organizationEndpoints = [
  defineEndpoint({
    path: "/v2/organizations/add",
    auth: "apiKey",
    summary: "Add Organizations",
    input: addOrganizationsInput,
    output: itemResults,
    message: "Organization(s) added successfully.",
    writes: true,
    run: (input, ctx) => addOrganizations(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/get",
    auth: "apiKey",
    summary: "Get Organizations",
    input: getOrganizationsInput,
    message: "Organization(s) retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getOrganizations(ctx.scope, input, ctx.db),
    ...paged("organizations", "nextPageToken", z.array(organizationOutput)),
  }),
];
