import { mailAddress } from "@/lib/auth/addresses";
import { isLeaked } from "./domain";
import type { AddressSenderRow, ExtraAddressRow } from "./repo";

/** An extra address as docs/contract.md 7.1 names it, with who wrote to it (senders in the order they first wrote). */
export type AddressDto = {
  id: number;
  address: string;
  label: string | null;
  enabled: boolean;
  created_at: string;
  last_mail_at: string | null;
  senders: string[];
  leaked: boolean;
};

export function toAddressDto(row: ExtraAddressRow, mail: AddressSenderRow[], domain: string): AddressDto {
  const own = mail.filter((entry) => entry.localPart === row.localPart);
  const senders = own.map((entry) => entry.sender);
  const lastMail = own.reduce<Date | null>((last, entry) => (last && last > entry.lastAt ? last : entry.lastAt), null);
  return {
    id: row.id,
    address: mailAddress(row.localPart, domain),
    label: row.label,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    last_mail_at: lastMail?.toISOString() ?? null,
    senders,
    leaked: isLeaked(senders),
  };
}
