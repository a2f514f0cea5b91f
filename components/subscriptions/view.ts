export type View =
  { kind: "all" } | { kind: "favorites" } | { kind: "liked" } | { kind: "comments" } | { kind: "folder"; folderId: number };

export const sameView = (a: View, b: View) =>
  a.kind === b.kind && (a.kind !== "folder" || (b.kind === "folder" && a.folderId === b.folderId));

/** "Favorites (3)"; no number until the count is known. */
export const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
