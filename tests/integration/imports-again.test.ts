import "./imports-env";
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { GET as getImport } from "@/app/api/users/me/imports/[importId]/route";
import { POST as postImport } from "@/app/api/users/me/imports/route";
import type { ParsedMessage } from "@/lib/mail/content/parse";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { importedNewsletter } from "./inbound-support";
import { mbox } from "../support/mbox";

const built = vi.hoisted(() => ({ subjects: [] as string[] }));

vi.mock("@/lib/mail/content/mail-content", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/content/mail-content")>();
  return {
    ...actual,
    buildContent: async (parsed: ParsedMessage) => {
      built.subjects.push(parsed.subject);
      return actual.buildContent(parsed);
    },
  };
});

useDatabase();

async function importMbox(reader: TestUser, messages: string[]) {
  const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
    method: "POST",
    headers: { cookie: reader.cookie, "content-type": "application/mbox" },
    body: new Uint8Array(mbox(messages)),
  });
  const started = (await (await postImport(request, { params: Promise.resolve({}) })).json()) as { id: number };
  const { runDueJobs } = await import("@/lib/worker/testing");
  await runDueJobs();
  return (await call(getImport, `/api/users/me/imports/${started.id}`, { cookie: reader.cookie, params: { importId: String(started.id) } }))
    .body;
}

const newsletter = (subject: string, messageId: string | null) => importedNewsletter(subject, { messageId });

describe("an import of mail the reader already holds", () => {
  it("skips what they hold by its header, without parsing and building it again", async () => {
    const reader = await registerUser();
    const first = [newsletter("Held by its id", `<${randomUUID()}@letters.example.org>`), newsletter("Held by its bytes", "")];
    expect(await importMbox(reader, first)).toMatchObject({ status: "done", filed: 2, skipped: 0 });

    built.subjects.length = 0;
    const again = await importMbox(reader, [...first, newsletter("New this time", `<${randomUUID()}@letters.example.org>`)]);
    expect(again).toMatchObject({ status: "done", total: 3, processed: 3, filed: 1, skipped: 2, failed: 0 });
    expect(built.subjects).toEqual(["New this time"]);
  });
});
