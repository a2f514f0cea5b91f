// The form refuses a mailbox with the route's own rules and words: what it shows is the 422's detail.
import { describe, expect, it } from "vitest";
import { parseInput } from "@/lib/api/input";
import { findPreset } from "@/lib/mailboxes/presets";
import { CreateMailboxInput } from "@/lib/mailboxes/schemas";
import { mailboxBody, mailboxProblem, type FormState } from "./connect-mailbox-form";

const filled: FormState = {
  host: "imap.example.com",
  port: "993",
  tls: "implicit",
  username: "ada@example.com",
  password: "app-password",
  folders: "INBOX, Newsletters",
  since: "2026-09-01",
  afterFiling: "leave",
  moveTo: "",
};
const other = findPreset("other");

/** What POST /api/users/me/mailboxes answers in `detail` for this body (sent as JSON), or null when it takes it. */
function routeDetail(body: unknown): string | null {
  try {
    parseInput(CreateMailboxInput, JSON.parse(JSON.stringify(body)), "body");
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the connect-a-mailbox form", () => {
  it("asks for what the route takes, and finds nothing wrong with it", () => {
    const form = { ...filled, username: "  ada@example.com " };
    expect(mailboxBody(form, other)).toEqual({
      host: "imap.example.com",
      port: 993,
      tls: "implicit",
      username: "ada@example.com",
      password: "app-password",
      folders: ["INBOX", "Newsletters"],
      since: "2026-09-01",
      after_filing: "leave",
    });
    expect(mailboxProblem(form, other)).toBeNull();
    expect(routeDetail(mailboxBody(form, other))).toBeNull();
    expect(mailboxBody({ ...filled, host: "", port: "" }, findPreset("gmail"))).toMatchObject({ host: "imap.gmail.com", port: 993 });
  });

  it.each<[string, Partial<FormState>, string]>([
    ["a blank server", { host: " " }, "Enter the server's name"],
    ["a server that is no name", { host: "imap example" }, "Not a server name"],
    ["a blank port", { port: "" }, "Not a port number"],
    ["a port that is no number", { port: "99a" }, "Not a port number"],
    ["a port past 65535", { port: "70000" }, "Not a port number"],
    ["a blank username and a port that is no number, blank first", { username: "", port: "x" }, "Not a port number"],
    ["a blank username before a port past 65535", { username: "", port: "70000" }, "Enter the username"],
    ["a blank password", { password: "" }, "Enter the password (an app password for most providers)"],
    ["a move with a blank folder", { afterFiling: "move", moveTo: " " }, "A folder needs a name"],
  ])("refuses %s in the route's words", (_, change, message) => {
    const form = { ...filled, ...change };
    expect(mailboxProblem(form, other)).toBe(message);
    expect(routeDetail(mailboxBody(form, other))).toBe(message);
  });
});
