import "server-only";
import type { Database } from "@/db/client";
import { findScreeningReaders, holdFirstMail } from "./repo";

/** The message as the screener sees it: who sent it (the original sender, for a forward) and where it belongs. */
type ScreenedMessage = { inboundId: number; sender: string | null; newsletterId: number; confirmation: boolean };

/** The readers' screener as mail is filed (docs/contract.md 7.4): whose is on is read once, before anything is filed. */
export type Screening = {
  /** The readers whose screener holds this message (delivery `screened`): they get no copy now. */
  screen(tx: Database, userIds: number[], message: ScreenedMessage): Promise<number[]>;
};

/** Files past every screener: the screener's own "allow". */
export const UNSCREENED: Screening = { screen: async () => [] };

export async function screeningFor(tx: Database, userIds: number[]): Promise<Screening> {
  const screening = new Set(await findScreeningReaders(tx, userIds));
  return {
    async screen(db, readers, message) {
      if (message.confirmation || !message.sender) return [];
      const held = readers.filter((userId) => screening.has(userId));
      if (held.length === 0) return [];
      return holdFirstMail(db, held, { ...message, sender: message.sender.toLowerCase() });
    },
  };
}
