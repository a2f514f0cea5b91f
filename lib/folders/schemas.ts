import { z } from "zod";
import { idParam, MAX_ID } from "@/lib/api/schemas";

export const CreateFolderInput = z.object({
  name: z
    .string({ error: "Folder name cannot be empty." })
    .trim()
    .min(1, "Folder name cannot be empty.")
    .max(100, "Folder name must be at most 100 characters long."),
});
export type CreateFolderInput = z.infer<typeof CreateFolderInput>;

export const AddFolderEmailInput = z.object({
  email_id: z.number({ error: "email_id must be an email id." }).int().positive().max(MAX_ID),
});
export type AddFolderEmailInput = z.infer<typeof AddFolderEmailInput>;

export const FolderParams = z.object({ folderId: idParam });
export const FolderEmailParams = z.object({ folderId: idParam, emailId: idParam });
