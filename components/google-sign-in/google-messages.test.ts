import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { GoogleMessages, messageForNotDisplayed, messageForSignInError, messageForStatus } from "./google-messages";

describe("messageForStatus", () => {
  it.each([
    [400, "Invalid Google token. Please try again."],
    [401, "Google authentication failed. Please check your credentials."],
    [500, "Server error during authentication. Please try again later."],
    [503, "Server error during authentication. Please try again later."],
    [403, "Google authentication failed. Please try again."],
    [429, "Google authentication failed. Please try again."],
  ])("%i -> %s", (status, message) => {
    expect(messageForStatus(status)).toBe(message);
  });
});

describe("messageForNotDisplayed", () => {
  it("names each reason the prompt did not show", () => {
    expect(messageForNotDisplayed("opt_out_or_no_session")).toBe("Please sign into Google in your browser first, then try again.");
    expect(messageForNotDisplayed("secure_http_required")).toBe("Google sign-in requires HTTPS. Please use a secure connection.");
    expect(messageForNotDisplayed("browser_not_supported")).toBe("Google sign-in not available. Please try again or use email/password.");
    expect(messageForNotDisplayed(undefined)).toBe("Google sign-in not available. Please try again or use email/password.");
  });
});

describe("messageForSignInError", () => {
  it("maps a server answer by its status", () => {
    expect(messageForSignInError(new ApiError(400, "bad token"))).toBe(GoogleMessages.invalidToken);
    expect(messageForSignInError(new ApiError(502, "Bad gateway"))).toBe(GoogleMessages.serverError);
  });

  it("shows the server's words for another answer", () => {
    expect(messageForSignInError(new ApiError(409, "An account with this e-mail already exists. Log in with your password."))).toBe(
      "An account with this e-mail already exists. Log in with your password.",
    );
    expect(messageForSignInError(new ApiError(403, ""))).toBe("Google authentication failed. Please try again.");
  });

  it("falls back to the generic failure without an answer", () => {
    expect(messageForSignInError(new ApiError(0, "offline"))).toBe("Google authentication failed. Please try again.");
    expect(messageForSignInError(new Error("boom"))).toBe("Google authentication failed. Please try again.");
  });

  it("keeps the spec's wording for the SDK states", () => {
    expect(GoogleMessages.notAvailable).toBe("Google authentication is not available. Please try again.");
    expect(GoogleMessages.timedOut).toBe("Google authentication timed out. Please try again.");
    expect(GoogleMessages.stillLoading).toBe("Google authentication is still loading. Please wait.");
    expect(GoogleMessages.setupFailed).toBe("Google authentication setup failed. Please try again.");
    expect(GoogleMessages.cancelled).toBe("Google sign-in was cancelled.");
    expect(GoogleMessages.noCredential).toBe("Google authentication failed. No credential received.");
  });
});
