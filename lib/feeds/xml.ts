// XML 1.0 has no way to write most control characters, escaped or not.
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** `text` without the characters XML 1.0 cannot hold. */
export function xmlWritable(text: string): string {
  return text.replace(UNWRITABLE, "");
}
