import { z } from "zod";

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const CreateFolderInput = z.object({
  name: z
    .string({ error: "Folder name cannot be empty." })
    .trim()
    .min(1, "Folder name cannot be empty.")
    .max(100, "Folder name must be at most 100 characters long."),
});
export type CreateFolderInput = z.infer<typeof CreateFolderInput>;

export const AddFolderEmailInput = z.object({ email_id: z.number({ error: "email_id must be an email id." }).int().positive().max(2_147_483_647) });
export type AddFolderEmailInput = z.infer<typeof AddFolderEmailInput>;

export const FolderParams = z.object({ folderId: id });
export const FolderEmailParams = z.object({ folderId: id, emailId: id });
