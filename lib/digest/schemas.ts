import { z } from "zod";
import { canonicalTimezone } from "./schedule";

const DIGEST_FREQUENCIES = ["off", "daily", "weekly"] as const;

const hour = z
  .number({ error: "Hour must be a whole number from 0 to 23." })
  .int("Hour must be a whole number from 0 to 23.")
  .min(0, "Hour must be a whole number from 0 to 23.")
  .max(23, "Hour must be a whole number from 0 to 23.");

const weekday = z
  .number({ error: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)." })
  .int("Weekday must be a whole number from 0 (Sunday) to 6 (Saturday).")
  .min(0, "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday).")
  .max(6, "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday).");

const timezone = z
  .string({ error: "Time zone must be an IANA time zone, such as Europe/Paris." })
  .trim()
  .max(64, "Time zone must be an IANA time zone, such as Europe/Paris.")
  .transform((value, context) => {
    const name = canonicalTimezone(value);
    if (name) return name;
    context.addIssue({ code: "custom", message: "Time zone must be an IANA time zone, such as Europe/Paris." });
    return z.NEVER;
  });

/** PUT /api/users/me/digest: a field left out keeps its saved value. */
export const DigestSettingsInput = z.object({
  frequency: z.enum(DIGEST_FREQUENCIES, { error: "Frequency must be off, daily or weekly." }).optional(),
  hour: hour.optional(),
  weekday: weekday.optional(),
  timezone: timezone.optional(),
});
export type DigestSettingsInput = z.infer<typeof DigestSettingsInput>;

/** The one-click link's token (lib/digest/token.ts): its shape only; the signature is checked by the service. */
export const DigestUnsubscribeQuery = z.object({ token: z.string().max(200).default("") });
