import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { signMail } from "../support/dkim";

export const INBOUND_SECRET = "e2e-inbound-secret";

/** `signed`: DKIM-signed for the From domain (tests/support/dkim.ts), as a real newsletter's mail is. */
export type Issue = { subject: string; from?: string; html: string; date?: Date; headers?: string[]; signed?: boolean };

export const HOUR = 3_600_000;

/** A feed card, found by its subject as a screen reader names it. */
export function issueCard(page: Page, subject: string) {
  return page.getByRole("article", { name: subject, exact: true });
}

let sequence = 0;

/** Delivers a hand-written RFC 822 message to the reader's address, as a relay would. */
export async function deliver(request: APIRequestContext, to: string, issue: Issue): Promise<number> {
  sequence += 1;
  const id = `${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  const message = [
    `From: ${issue.from ?? "Field Notes <notes@fieldnotes.example>"}`,
    `To: ${to}`,
    `Subject: ${issue.subject}`,
    `Message-ID: <${id}@fieldnotes.example>`,
    `Date: ${(issue.date ?? new Date()).toUTCString()}`,
    ...(issue.headers ?? []),
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    issue.html,
  ].join("\r\n");
  const response = await request.post("/api/inbound/email", {
    headers: { Authorization: `Bearer ${INBOUND_SECRET}`, "Content-Type": "message/rfc822" },
    data: Buffer.from(issue.signed ? await signMail(message) : message, "utf8"),
  });
  expect(response.status(), await response.text()).toBe(202);
  const { emails } = (await response.json()) as { emails: number[] };
  return emails[0];
}

export const articleHtml = (heading: string, words = 300) =>
  `<html><body><h1>${heading}</h1><p>${"Careful reporting on small things. ".repeat(Math.ceil(words / 5))}</p><p><a href="https://fieldnotes.example/more">Read more</a></p></body></html>`;
