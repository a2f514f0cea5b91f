import { z } from "zod";
import { idParam } from "@/lib/api/schemas";

const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const CreateTokenInput = z.object({
  name: z
    .string({ error: "Name the token, e.g. the program that will use it." })
    .trim()
    .min(1, "Name the token, e.g. the program that will use it.")
    .max(100, "A token's name is at most 100 characters long."),
  scope: z.enum(TOKEN_SCOPES, { error: "Choose what the token may do: read or write." }),
});
export type CreateTokenInput = z.infer<typeof CreateTokenInput>;

export const TokenParams = z.object({ tokenId: idParam });
