import "server-only";
import type { Database } from "@/db/client";
import { rulesFor, type ArrivalRules } from "@/lib/rules/arrival";
import { screeningFor, UNSCREENED, type Screening } from "@/lib/screener/screening";

/** What the readers set up for mail as it is filed: their screener (lib/screener) and their rules (lib/rules). */
export type Arrival = Screening & ArrivalRules;

/**
 * Loads the readers' screener and rules; `screen: false` files past the screener (its own "allow"). On
 * the pool (not in a transaction) the two reads go at once, on two connections.
 */
export async function arrivalFor(tx: Database, userIds: number[], options: { screen: boolean } = { screen: true }): Promise<Arrival> {
  const [screening, rules] = await Promise.all([options.screen ? screeningFor(tx, userIds) : UNSCREENED, rulesFor(tx, userIds)]);
  return { screen: screening.screen, run: rules.run };
}
