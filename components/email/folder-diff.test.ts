import { describe, expect, it } from "vitest";
import { folderChanges } from "./folder-diff";

describe("folderChanges", () => {
  it("adds the newly checked and removes the unchecked", () => {
    expect(folderChanges([1, 2], [2, 3])).toEqual({ add: [3], remove: [1] });
  });
  it("does nothing when the selection is the same", () => {
    expect(folderChanges([2, 1], [1, 2])).toEqual({ add: [], remove: [] });
  });
  it("handles an empty start and end", () => {
    expect(folderChanges([], [4])).toEqual({ add: [4], remove: [] });
    expect(folderChanges([4], [])).toEqual({ add: [], remove: [4] });
  });
});
