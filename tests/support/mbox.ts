/** The From_ line that opens each message of an mbox; Paperboy reads neither its sender nor its date. */
const FROM_LINE = "From sender@example.com Tue Mar  1 10:00:00 2022";

/** One message as an mboxrd entry: its From_ line, the body's From lines quoted (">From "), an empty line after. */
export function mboxEntry(message: string): Buffer {
  return Buffer.from(`${FROM_LINE}\n${message.replace(/^(>*From )/gm, ">$1")}\n\n`);
}

/** An mboxrd file of these messages (LF line ends, as mail programs write them). */
export function mbox(messages: string[]): Buffer {
  return Buffer.concat(messages.map(mboxEntry));
}
