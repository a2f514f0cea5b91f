import "server-only";
import { findRecipients, type Recipient } from "./repo";

export type { Recipient };

/** For filing: the readers these local parts belong to (current, earlier or extra addresses), with their identities. */
export function readersOfLocalParts(localParts: string[]): Promise<Recipient[]> {
  return findRecipients(localParts);
}
