import "server-only";
import type { Database } from "@/db/client";
import { runRules, type ArrivingMessage } from "./match";
import { applyOutcome, findArrivalRules, type ReaderRules } from "./repo";

/**
 * The readers' rules as mail is filed (docs/contract.md 7.4), read for all of a message's readers in one
 * query before anything is filed; no rule costs a query of its own.
 */
export type ArrivalRules = {
  /** Runs the reader's enabled rules, in order, on their new copy, and logs which ran on its delivery. */
  run(tx: Database, userId: number, copy: { emailId: number; issueId: number; inboundId: number }, message: ArrivingMessage): Promise<void>;
};

export async function rulesFor(tx: Database, userIds: number[]): Promise<ArrivalRules> {
  const settings = new Map<number, ReaderRules>();
  if (userIds.length > 0) for (const reader of await findArrivalRules(tx, userIds)) settings.set(reader.userId, reader);
  return {
    async run(db, userId, copy, message) {
      const outcome = runRules(settings.get(userId)?.rules ?? [], message);
      if (outcome) await applyOutcome(db, { userId, ...copy }, outcome);
    },
  };
}
