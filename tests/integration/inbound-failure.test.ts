import { describe, expect, it, vi } from "vitest";
import type { ParsedMessage } from "@/lib/mail/content/parse";
import { registerUser, useDatabase } from "../support/api";
import { deliver, inboundRow, mail, uniqueSender } from "./inbound-support";

const fault = vi.hoisted(() => ({ active: true }));

vi.mock("@/lib/mail/content/mail-content", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/content/mail-content")>();
  return {
    ...actual,
    buildContent: async (parsed: ParsedMessage) => {
      if (fault.active && parsed.subject.includes("EXPLODE")) throw new Error("Filing exploded");
      return actual.buildContent(parsed);
    },
  };
});

useDatabase();

describe("POST /api/inbound/email when filing fails", () => {
  it("keeps the raw message as failed with its error, answers 202, and files it on reprocess", async () => {
    const reader = await registerUser();
    const message = mail({ to: reader.unique_email, from: uniqueSender(), subject: "EXPLODE on filing" });
    const result = await deliver(message);
    expect(result.status).toBe(202);
    const body = result.body as { message_id: number; emails: number[] };
    expect(body.emails).toEqual([]);
    const stored = await inboundRow(body.message_id);
    expect(stored).toMatchObject({ status: "failed", error: "Error: Filing exploded", source: "raw", attempts: 1 });
    expect(stored.raw?.toString()).toContain("Subject: EXPLODE on filing");

    fault.active = false;
    const { reprocessFailed } = await import("@/lib/mail/service");
    expect((await reprocessFailed()).filed).toBeGreaterThanOrEqual(1);
    expect(await inboundRow(body.message_id)).toMatchObject({ status: "filed", error: null, attempts: 2 });

    const again = await deliver(message);
    expect(again).toEqual({ status: 200, body: { message_id: body.message_id, emails: [expect.any(Number)] } });
  });
});
