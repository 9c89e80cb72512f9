import { z } from "zod";
import { clientId } from "../fields";
import { userRef } from "../events/user-ref";
import { jsonObject } from "../json-fields";

// Request pieces of the comment annotation operations, in the hosted service's shapes. Objects a client
// may extend (location, context, targetElement) keep every field they are sent.

export const location = z.looseObject({ id: clientId, locationName: z.string().max(1000).optional() });

export const status = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  color: z.string().max(100).optional(),
  lightColor: z.string().max(100).optional(),
  type: z.enum(["default", "ongoing", "terminal"]).optional(),
  iconUrl: z.string().max(2000).optional(),
});

export const priority = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  color: z.string().max(100).optional(),
  lightColor: z.string().max(100).optional(),
});

export const taggedUserContact = z
  .object({
    text: z.string().max(1000).optional(),
    userId: clientId,
    contact: z
      .object({
        email: z.string().max(254).optional(),
        name: z.string().max(500).optional(),
        userId: clientId.optional(),
      })
      .optional(),
  })
  .meta({ id: "TaggedUserContact" });
export type TaggedUserContact = z.output<typeof taggedUserContact>;

export const commentId = z.number().int().min(1).max(2_147_483_647);

export const commentData = z
  .object({
    commentId: commentId.optional(),
    commentText: z.string().max(100_000),
    commentHtml: z.string().max(200_000).optional(),
    from: userRef,
    taggedUserContacts: z.array(taggedUserContact).max(100).optional(),
    context: jsonObject.optional(),
  })
  .meta({ id: "CommentData" });
export type CommentDataInput = z.output<typeof commentData>;

/** The user an update or delete is made by, for events and activity records. */
export const actionUser = userRef
  .optional()
  .describe(
    "Who makes the change: the actor of the events it emits (default for comment changes: the comment's author).",
  );

/** The user a tagged contact names, with the contact's profile. */
export function taggedUser(t: TaggedUserContact) {
  return {
    userId: t.userId,
    ...(t.contact?.name !== undefined && { name: t.contact.name }),
    ...(t.contact?.email !== undefined && { email: t.contact.email }),
  };
}
