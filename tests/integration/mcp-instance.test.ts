// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { POST as createToken } from "@/app/api/users/me/tokens/route";
import { call, registerUser, useDatabase } from "../support/api";
import { killRunning } from "../support/processes";
import { hasBuild, multiProcess, startWebInstance } from "./instances-support";

useDatabase();
afterAll(() => killRunning());

describe.skipIf(!multiProcess || !hasBuild)("MCP on the built server (needs DATABASE_URL and a fresh build)", () => {
  it("an MCP client lists and calls the tools over Streamable HTTP against next start, with a write token", async () => {
    const url = await startWebInstance();
    const reader = await registerUser();
    const delivered = await deliver(
      mail({
        to: reader.unique_email,
        from: `Built Weekly <${uniqueSender()}>`,
        subject: "Served by next start",
        html: "<p>Photons were sorted by colour this week, all of them.</p>",
      }),
    );
    const id = (delivered.body as { emails: number[] }).emails[0]!;
    const created = await call(createToken, "/api/users/me/tokens", {
      method: "POST",
      cookie: reader.cookie,
      body: { name: "assistant", scope: "write" },
    });
    const { token } = created.body as { token: string };

    const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name: "paperboy-built-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        "add_highlight",
        "get_issue",
        "list_highlights",
        "list_newsletters",
        "mark_read",
        "search_issues",
      ]);
      const found = (await client.callTool({ name: "search_issues", arguments: { query: "photons" } })) as CallToolResult;
      expect((found.content[0] as { text: string }).text).toContain(`"id": ${id}`);
      const marked = (await client.callTool({ name: "mark_read", arguments: { id, read: true } })) as CallToolResult;
      expect(JSON.parse((marked.content[0] as { text: string }).text)).toEqual({ id, is_read: true });
    } finally {
      await client.close();
    }
    const refused = await fetch(new URL("/api/mcp", url), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(401);
    // A busy machine has taken over a minute to start next start.
  }, 150_000);
});
