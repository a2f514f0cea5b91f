import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { feedErrorText } from "./feed-error";

describe("feedErrorText", () => {
  it("names the status and the server's message", () => {
    expect(feedErrorText(new ApiError(500, "Internal server error"))).toBe("Error 500: Internal server error");
  });
  it("names the status and the feed's fallback when the server gave no message", () => {
    expect(feedErrorText(new ApiError(502, ""))).toBe("Error 502: Failed to fetch feed emails");
  });
  it("falls back to the message, then to a generic line", () => {
    expect(feedErrorText(new ApiError(0, "Could not reach the server."))).toBe("Could not reach the server.");
    expect(feedErrorText(new Error("boom"))).toBe("boom");
    expect(feedErrorText("nothing")).toBe("An unknown error occurred");
  });
});
