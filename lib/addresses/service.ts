import "server-only";
import { randomInt } from "node:crypto";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { checkUniqueAddress } from "@/lib/auth/addresses";
import { throttle } from "@/lib/auth/throttle";
import { env } from "@/lib/env";
import { toAddressDto, type AddressDto } from "./dto";
import {
  findAddressSenders,
  findExtraAddresses,
  insertExtraAddress,
  retireExtraAddress,
  updateExtraAddress,
  type ExtraAddressRow,
} from "./repo";
import type { CreateAddressInput, UpdateAddressInput } from "./schemas";

/** Enough for one address per newsletter of a keen reader; more is a script, not a reader. */
const MAX_EXTRA_ADDRESSES = 100;
const RANDOM_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const SUFFIX_LENGTH = 6;

type Owner = { id: number; username: string };

async function withMail(userId: number, rows: ExtraAddressRow[]): Promise<AddressDto[]> {
  const mail = await findAddressSenders(
    userId,
    rows.map((row) => row.localPart),
  );
  return rows.map((row) => toAddressDto(row, mail, env.MAIL_DOMAIN));
}

export async function listAddresses(userId: number): Promise<{ items: AddressDto[] }> {
  return { items: await withMail(userId, await findExtraAddresses(userId)) };
}

/** "jane.doe.k7q2xm": the reader's username, a dot, and six characters that read unambiguously. */
function randomLocalPart(username: string): string {
  const base = username
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 40 - SUFFIX_LENGTH - 1)
    .replace(/^[._-]+|[._-]+$/g, "");
  const suffix = Array.from({ length: SUFFIX_LENGTH }, () => RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)]).join("");
  return `${base || "reader"}.${suffix}`;
}

export async function createAddress(owner: Owner, input: CreateAddressInput): Promise<AddressDto> {
  const label = input.label ?? null;
  if (input.local_part !== undefined) {
    const check = checkUniqueAddress(input.local_part, env.MAIL_DOMAIN);
    if (!check.ok) throw ValidationError.of("local_part", check.message);
    // A chosen name answers whether it is taken, as a new unique address does: one budget for both doors.
    await throttle("uniqueEmail", String(owner.id));
    return created(owner.id, await insertExtraAddress(owner.id, check.localPart, label, MAX_EXTRA_ADDRESSES));
  }
  // A random suffix of 32^6 is all but never taken; a few tries make "all but" into "never" in practice.
  for (let attempt = 0; ; attempt++) {
    const result = await insertExtraAddress(owner.id, randomLocalPart(owner.username), label, MAX_EXTRA_ADDRESSES);
    if (!("refused" in result) || result.refused !== "taken" || attempt === 4) return created(owner.id, result);
  }
}

async function created(userId: number, result: Awaited<ReturnType<typeof insertExtraAddress>>): Promise<AddressDto> {
  if ("row" in result) return (await withMail(userId, [result.row]))[0];
  if (result.refused === "full") {
    throw ValidationError.of("local_part", `You can hold at most ${MAX_EXTRA_ADDRESSES} extra addresses. Delete one you no longer use.`);
  }
  throw new ConflictError("This address is already taken.");
}

export async function updateAddress(userId: number, id: number, input: UpdateAddressInput): Promise<AddressDto> {
  const row = await updateExtraAddress(userId, id, input);
  if (!row) throw new NotFoundError("Address not found");
  return (await withMail(userId, [row]))[0];
}

/** The local part stays reserved: mail to it is refused from now on and no one can take it again. */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  if (!(await retireExtraAddress(userId, id))) throw new NotFoundError("Address not found");
}
