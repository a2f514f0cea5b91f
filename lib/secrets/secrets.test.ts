import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authSecret } from "@/lib/env";
import { bearerToken, hasBearerSecret } from "./bearer";
import { purposeMac } from "./purpose-hmac";

const headers = (authorization?: string) => new Headers(authorization === undefined ? {} : { authorization });

describe("bearer secrets", () => {
  it("reads the token of an Authorization: Bearer header, empty for a bare Bearer, null for none", () => {
    expect(bearerToken(headers("Bearer  abc "))).toBe("abc");
    expect(bearerToken(headers("bearer abc"))).toBe("abc");
    expect(bearerToken(headers("Bearer"))).toBe("");
    expect(bearerToken(headers("Basic abc"))).toBeNull();
    expect(bearerToken(headers())).toBeNull();
  });

  it("accepts the secret itself and nothing else, an empty token included", () => {
    expect(hasBearerSecret(headers("Bearer s3cret"), "s3cret")).toBe(true);
    for (const wrong of ["Bearer s3cre", "Bearer s3cret!", "Bearer ", "Bearer", "s3cret", ""])
      expect(hasBearerSecret(headers(wrong), "s3cret")).toBe(false);
    expect(hasBearerSecret(headers("Bearer "), "")).toBe(false);
  });
});

describe("purpose-keyed HMAC", () => {
  it("is HMAC-SHA256 under HMAC(AUTH_SECRET, purpose), so the tokens and addresses signed before still verify", () => {
    const key = createHmac("sha256", authSecret()).update("paperboy feed tokens v1").digest();
    expect(purposeMac("paperboy feed tokens v1", "7:nonce", 16)).toEqual(
      createHmac("sha256", key).update("7:nonce").digest().subarray(0, 16),
    );
    expect(purposeMac("paperboy feed tokens v1", "7:nonce")).toHaveLength(32);
  });

  it("gives each purpose its own key", () => {
    expect(purposeMac("paperboy image proxy v1", "https://example.com/a.png")).not.toEqual(
      purposeMac("paperboy font proxy v1", "https://example.com/a.png"),
    );
  });
});
