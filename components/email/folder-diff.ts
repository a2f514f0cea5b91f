/** docs/spec.md's folder modal saves only the difference between the first and the final selection. */
export function folderChanges(initial: readonly number[], selected: readonly number[]): { add: number[]; remove: number[] } {
  const before = new Set(initial);
  const after = new Set(selected);
  return { add: [...after].filter((id) => !before.has(id)), remove: [...before].filter((id) => !after.has(id)) };
}
