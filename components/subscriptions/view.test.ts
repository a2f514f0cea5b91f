import { describe, expect, it } from "vitest";
import { sameView, withCount } from "./view";

describe("subscriptions panel views", () => {
  it("tells folders apart by id", () => {
    expect(sameView({ kind: "folder", folderId: 1 }, { kind: "folder", folderId: 1 })).toBe(true);
    expect(sameView({ kind: "folder", folderId: 1 }, { kind: "folder", folderId: 2 })).toBe(false);
    expect(sameView({ kind: "liked" }, { kind: "favorites" })).toBe(false);
  });

  it("shows a count only once it is known", () => {
    expect(withCount("Favorites", 0)).toBe("Favorites (0)");
    expect(withCount("Favorites", undefined)).toBe("Favorites");
  });
});
