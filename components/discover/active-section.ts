/**
 * Which section a reader is looking at: the first, in page order, that crosses the band the
 * observer watches; while none does (between two sections) the previous one stays active. At the
 * foot of the page the last section is active once it shows: it may never reach the band, since the
 * page cannot scroll any further.
 */
export function activeSection(
  order: readonly string[],
  visible: ReadonlySet<string>,
  previous: string | null,
  lastShownAtFoot = false,
): string | null {
  if (lastShownAtFoot && order.length > 0) return order[order.length - 1];
  return order.find((id) => visible.has(id)) ?? previous;
}
