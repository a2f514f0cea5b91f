import "server-only";
import { env } from "@/lib/env";
import { mailAddress } from "./addresses";

export type UserDto = {
  id: number;
  username: string;
  name: string;
  email: string;
  unique_email: string;
  model_metadata_field: { onboarded: boolean };
};

type UserFields = { id: number | string; username: string; name: string; email: string; uniqueLocal: string; onboarded: boolean };

export function toUserDto(user: UserFields): UserDto {
  return {
    id: Number(user.id),
    username: user.username,
    name: user.name,
    email: user.email,
    unique_email: mailAddress(user.uniqueLocal, env.MAIL_DOMAIN),
    model_metadata_field: { onboarded: user.onboarded },
  };
}
