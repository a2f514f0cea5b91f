/**
 * Which section a reader is looking at: the first, in page order, that crosses the band the
 * observer watches; while none does (between two sections) the previous one stays active.
 */
export function activeSection(order: readonly string[], visible: ReadonlySet<string>, previous: string | null): string | null {
  return order.find((id) => visible.has(id)) ?? previous;
}
