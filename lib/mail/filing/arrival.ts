import "server-only";
import type { Database } from "@/db/client";
import { rulesFor, type ArrivalRules } from "@/lib/rules/arrival";
import { screeningFor, UNSCREENED, type Screening } from "@/lib/screener/screening";

/** What the readers set up for mail as it is filed: their screener (lib/screener) and their rules (lib/rules). */
export type Arrival = Screening & ArrivalRules;

/** Loads the readers' screener and rules; `screen: false` files past the screener (its own "allow"). */
export async function arrivalFor(tx: Database, userIds: number[], options: { screen: boolean } = { screen: true }): Promise<Arrival> {
  const screening = options.screen ? await screeningFor(tx, userIds) : UNSCREENED;
  const rules = await rulesFor(tx, userIds);
  return { screen: screening.screen, run: rules.run };
}
