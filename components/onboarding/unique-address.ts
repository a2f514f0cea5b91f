/** The unique address split into the part a reader chooses and the product's fixed mail domain. */
export function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf("@");
  return at === -1 ? { local: address, domain: "" } : { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** What the input accepts: no spaces and no "@", since the domain cannot be changed. */
export function cleanLocalPart(typed: string): string {
  return typed.replace(/[@\s]/g, "");
}

/** The address to send: the chosen local part, lower case, on the fixed domain. */
export function addressFor(local: string, domain: string): string {
  const wanted = local.trim().toLowerCase();
  return domain ? `${wanted}@${domain}` : wanted;
}
