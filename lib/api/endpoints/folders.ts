import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addFolders, addFoldersInput, addFoldersV1Input } from "@/lib/domain/folders/add-folders";
import { deleteFolder, deleteFolderInput } from "@/lib/domain/folders/delete-folder";
import { folderAccessResults, folderOutput } from "@/lib/domain/folders/folders-contract";
import { getFolders, getFoldersInput } from "@/lib/domain/folders/get-folders";
import { updateFolders, updateFoldersInput } from "@/lib/domain/folders/update-folders";
import { updateFoldersAccess, updateFoldersAccessInput } from "@/lib/domain/folders/update-folders-access";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";

const ALL_FOLDERS = "Folders retrieved successfully.";
const SOME_FOLDERS = "Folder(s) retrieved successfully.";
const ACCESS_UPDATED = "Updated access for folders successfully.";
const INHERITING = "Folder access type updated.";

const folderList = z.object({
  status: z.literal("success"),
  message: z.enum([ALL_FOLDERS, SOME_FOLDERS]),
  data: z.array(folderOutput),
});

const addFoldersV2 = defineEndpoint({
  path: "/v2/organizations/folders/add",
  auth: "apiKey",
  summary: "Add Folder (v2)",
  input: addFoldersInput,
  output: itemResults,
  message: "Folder created successfully.",
  writes: true,
  run: (input, ctx) => addFolders(ctx.scope, input, ctx.tx),
});

const updateFoldersV2 = defineEndpoint({
  path: "/v2/organizations/folders/update",
  auth: "apiKey",
  summary: "Update Folder",
  input: updateFoldersInput,
  output: itemResults,
  message: "Folder Updated successfully.",
  writes: true,
  run: (input, ctx) => updateFolders(ctx.scope, input, ctx.tx),
});

const getFoldersV2 = defineEndpoint({
  path: "/v2/organizations/folders/get",
  auth: "apiKey",
  summary: "Get Folders",
  input: getFoldersInput,
  output: z.object({ folders: z.array(folderOutput), specific: z.boolean() }),
  message: ALL_FOLDERS,
  run: (input, ctx) => getFolders(ctx.scope, input, ctx.db),
  reply: {
    // The message tells the two kinds of answer apart: every folder, or one folder with its subfolders.
    build: (out) => ({ status: "success", message: out.specific ? SOME_FOLDERS : ALL_FOLDERS, data: out.folders }),
    schema: folderList,
  },
});

const updateFoldersAccessV2 = defineEndpoint({
  path: "/v2/organizations/folders/access/update",
  auth: "apiKey",
  summary:
    "Update Access for Folders: their own accessType, or inheritFromParent; flows down to subfolders and documents that inherit.",
  input: updateFoldersAccessInput,
  output: z.object({ inherit: z.boolean(), results: folderAccessResults }),
  message: ACCESS_UPDATED,
  writes: true,
  run: (input, ctx) => updateFoldersAccess(ctx.scope, input, ctx.tx),
  reply: {
    // The hosted API answers an inheritFromParent call with the item message as the top-level one.
    build: (out) => ({ status: "success", message: out.inherit ? INHERITING : ACCESS_UPDATED, data: out.results }),
    schema: z.object({
      status: z.literal("success"),
      message: z.enum([ACCESS_UPDATED, INHERITING]),
      data: folderAccessResults,
    }),
  },
});

export const folderEndpoints = [
  addFoldersV2,
  v1Twin(addFoldersV2, "/v1/organizations/folders/add", { summary: "Add Folder", input: addFoldersV1Input }),
  updateFoldersV2,
  v1Twin(updateFoldersV2, "/v1/organizations/folders/update"),
  getFoldersV2,
  v1Twin(getFoldersV2, "/v1/organizations/folders/get", {
    // v1 answers one message for both kinds of answer, and has no maxDepth (immediate subfolders).
    input: getFoldersInput.omit({ maxDepth: true }),
    reply: {
      build: (out) => ({ status: "success", message: ALL_FOLDERS, data: out.folders }),
      schema: folderList.extend({ message: z.literal(ALL_FOLDERS) }),
    },
  }),
  defineEndpoint({
    path: "/v2/organizations/folders/delete",
    auth: "apiKey",
    summary: "Delete Folder",
    input: deleteFolderInput,
    output: z.null(),
    message: "Folder deletion initiated successfully.",
    writes: true,
    run: (input, ctx) => deleteFolder(ctx.scope, input, ctx.tx),
  }),
  updateFoldersAccessV2,
  v1Twin(updateFoldersAccessV2, "/v1/organizations/folders/access/update", {
    input: updateFoldersAccessInput.omit({ inheritFromParent: true }),
  }),
];
