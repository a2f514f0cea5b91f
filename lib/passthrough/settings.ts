import "server-only";
import type { PersonalMailInput, SenderChoiceInput } from "./schemas";
import { deleteSenderChoice, findForwardingOf, listSenderChoices, saveForwarding, saveSenderChoice } from "./repo";

export type PersonalMailDto = { forward_personal: boolean };
export type SenderChoiceDto = { sender: string; choice: "newsletter" | "forward" | null };

export async function getPersonalMail(userId: number): Promise<PersonalMailDto> {
  return { forward_personal: await findForwardingOf(userId) };
}

export async function savePersonalMail(userId: number, input: PersonalMailInput): Promise<PersonalMailDto> {
  await saveForwarding(userId, input.forward_personal);
  return { forward_personal: input.forward_personal };
}

export async function getSenderChoices(userId: number): Promise<{ items: SenderChoiceDto[] }> {
  const rows = await listSenderChoices(userId);
  return { items: rows.map((row) => ({ sender: row.sender, choice: row.choice })) };
}

/** The reader's word on a sender, for mail arriving from now on; null takes it back. */
export async function setSenderChoice(userId: number, input: SenderChoiceInput): Promise<SenderChoiceDto> {
  if (input.choice === null) await deleteSenderChoice(userId, input.sender);
  else await saveSenderChoice(userId, input.sender, input.choice);
  return { sender: input.sender, choice: input.choice };
}
