import { z } from "zod";

/** The largest PostgreSQL integer: a larger id cannot name a row, and would fail the query. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a URL path, written as an id is written: decimal digits, no sign, no leading zero.
 * Coercing would also accept "1e3", "0x10" or " 1", so one object would answer under many addresses.
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));
