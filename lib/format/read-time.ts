/** docs/spec.md section 9: ceil(word_count / 200) minutes, at least 1. */
export function minutesToRead(wordCount: number | null | undefined): number {
  if (!wordCount || wordCount <= 0) return 1;
  return Math.max(1, Math.ceil(wordCount / 200));
}

export function readTimeLabel(minutes: number | null | undefined): string {
  return `${minutes && minutes > 0 ? Math.ceil(minutes) : 1} min read`;
}
