import "server-only";
import type { Database } from "@/db/client";
import { runRules, type ArrivingMessage } from "./match";
import { applyOutcome, findArrivalSettings, holdFirstMail, type ReaderArrival } from "./repo";

/** The message as the screener sees it: who sent it (the original sender, for a forward) and where it belongs. */
type ScreenedMessage = { inboundId: number; sender: string | null; newsletterId: number; confirmation: boolean };

/**
 * What a reader set up for mail as it is filed (docs/contract.md 7.4): their screener and their rules, read for
 * all of a message's readers in one query before anything is filed; no rule costs a query of its own.
 */
export type Arrival = {
  /** The readers whose screener holds this message (delivery `screened`): they get no copy now. */
  screen(tx: Database, userIds: number[], message: ScreenedMessage): Promise<number[]>;
  /** Runs the reader's enabled rules, in order, on their new copy, and logs which ran on its delivery. */
  run(tx: Database, userId: number, copy: { emailId: number; issueId: number; inboundId: number }, message: ArrivingMessage): Promise<void>;
};

/** Loads the readers' rules and screener settings; `screen: false` files past the screener (its own "allow"). */
export async function arrivalFor(tx: Database, userIds: number[], options: { screen: boolean } = { screen: true }): Promise<Arrival> {
  const settings = new Map<number, ReaderArrival>();
  if (userIds.length > 0) for (const reader of await findArrivalSettings(tx, userIds)) settings.set(reader.userId, reader);
  return {
    async screen(db, readers, message) {
      if (!options.screen || message.confirmation || !message.sender) return [];
      const screening = readers.filter((userId) => settings.get(userId)?.screener);
      if (screening.length === 0) return [];
      return holdFirstMail(db, screening, { ...message, sender: message.sender.toLowerCase() });
    },
    async run(db, userId, copy, message) {
      const outcome = runRules(settings.get(userId)?.rules ?? [], message);
      if (outcome) await applyOutcome(db, { userId, ...copy }, outcome);
    },
  };
}
