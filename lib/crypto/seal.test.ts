import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./seal";

describe("sealSecret", () => {
  it("seals a secret that only its owner's row opens, differently each time", () => {
    const sealed = sealSecret(7, "app-password-1234");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("app-password");
    expect(sealSecret(7, "app-password-1234")).not.toBe(sealed);
    expect(openSecret(7, sealed)).toBe("app-password-1234");
    expect(openSecret(8, sealed)).toBeNull();
  });

  it("opens nothing that was tampered with or is not a sealed value", () => {
    const [version, iv, tag, data] = sealSecret(7, "secret").split(".");
    const flipped = `${data[0] === "A" ? "B" : "A"}${data.slice(1)}`;
    expect(openSecret(7, [version, iv, tag, flipped].join("."))).toBeNull();
    expect(openSecret(7, "secret")).toBeNull();
    expect(openSecret(7, "")).toBeNull();
  });
});
