import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { mcpServer } from "@/lib/mcp/server";
import { otherMethods, route } from "@/lib/route";

/**
 * The Model Context Protocol over Streamable HTTP (docs/contract.md 8.3), stateless: each POST gets its own
 * server and transport and answers in JSON, so no session lives in one process and any instance serves any call.
 */
export const POST = route({ auth: "user", tokenOnly: true }, async ({ request, user, scope }) => {
  const server = mcpServer(user.id, scope ?? "read");
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
