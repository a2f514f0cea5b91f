/** docs/spec.md section 5: the id in the URL must parse as an integer; anything else is refused. */
export function parseNewsletterId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
