import { describe, expect, it } from "vitest";
import { openPassword, sealPassword } from "./secret";

describe("sealPassword", () => {
  it("seals a password that only its owner's row opens, differently each time", () => {
    const sealed = sealPassword(7, "app-password-1234");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("app-password");
    expect(sealPassword(7, "app-password-1234")).not.toBe(sealed);
    expect(openPassword(7, sealed)).toBe("app-password-1234");
    expect(openPassword(8, sealed)).toBeNull();
  });

  it("opens nothing that was tampered with or is not a sealed value", () => {
    const [version, iv, tag, data] = sealPassword(7, "secret").split(".");
    const flipped = `${data[0] === "A" ? "B" : "A"}${data.slice(1)}`;
    expect(openPassword(7, [version, iv, tag, flipped].join("."))).toBeNull();
    expect(openPassword(7, "secret")).toBeNull();
    expect(openPassword(7, "")).toBeNull();
  });
});
