import "server-only";
import { addressesIn, type Mailbox } from "./parse";

/** The original message recovered from a forward's body. */
export type ForwardedHeader = { from: Mailbox; subject: string | null; date: Date | null; body: string };

const FORWARD_SUBJECT = /^\s*(?:fwd?|fw|wg|tr|rv|vs|pd|enc|vb|vl|videresend|İlt|redir\.?)\s*:\s*/i;
const BRACKETED_FORWARD = /^\s*\[\s*(?:fwd?|fw)\s*:\s*(.*)\]\s*$/i;

const SEPARATORS = [
  /^[ \t>]*-{3,12} ?(?:Forwarded message|Forwarded Message|Original Message|Message transféré|Weitergeleitete Nachricht|Mensaje reenviado|Messaggio inoltrato|Doorgestuurd bericht|Mensagem encaminhada|Vidarebefordrat meddelande) ?-{3,12}/gim,
  /^[ \t>]*(?:Begin forwarded message|Début du message réexpédié|Anfang der weitergeleiteten Nachricht|Inicio del mensaje reenviado|Inizio messaggio inoltrato|Begin doorgestuurd bericht) ?:/gim,
  /^[ \t>]*_{20,}[ \t]*$/gm,
];

const FROM_LABEL = "From|De|Von|Da|Van|Från|Fra|Od|От|Lähettäjä";
const DATE_LABEL = "Date|Sent|Envoyé|Datum|Gesendet|Fecha|Enviado|Data|Inviato|Verzonden|Skickat|Sendt|Дата";
const SUBJECT_LABEL = "Subject|Objet|Sujet|Betreff|Asunto|Oggetto|Onderwerp|Ämne|Emne|Assunto|Temat|Тема";
const TO_LABEL = "To|À|A|An|Para|Aan|Till|Til|Do|Кому|Cc|CC|Cci";
const FIELD = new RegExp(`^[ \\t>]*(${FROM_LABEL}|${DATE_LABEL}|${SUBJECT_LABEL}|${TO_LABEL})[ \\t]*:[ \\t]*(.*)$`, "i");
const RUN_TOGETHER = new RegExp(`(?=(?:${FROM_LABEL}|${DATE_LABEL}|${SUBJECT_LABEL}|To|Cc):\\s)`, "g");
const WROTE = /^\uFEFF?[ \t>]*On (.{6,80}?),\s*"?([^"<\n]{0,200}?)"?\s*<([^>\s@]{1,200}@[^>\s]{1,200})>\s*wrote:\s*$/m;
// Forward headers sit near the top; scanning only this much keeps hostile bodies cheap.
const SCAN_LIMIT = 100_000;

export function hasForwardSubject(subject: string): boolean {
  return FORWARD_SUBJECT.test(subject) || BRACKETED_FORWARD.test(subject);
}

export function stripForwardPrefix(subject: string): string {
  let value = BRACKETED_FORWARD.exec(subject)?.[1] ?? subject;
  while (FORWARD_SUBJECT.test(value)) value = value.replace(FORWARD_SUBJECT, "");
  return value.trim();
}

/** Cheap test before converting HTML to text. */
export function mayHoldForward(text: string): boolean {
  return /Forwarded message|Forwarded Message|Original Message|forwarded message|_{20}|weitergeleitet|réexpédié|transféré|reenviado|inoltrato/.test(text);
}

/**
 * Finds the innermost forward block (the last separator followed by header fields) and reads its
 * From, Subject and Date. Outlook's separator-less styles are trusted only with a forward subject.
 */
export function findForwardedHeader(text: string, subject: string): ForwardedHeader | null {
  const normalized = text.slice(0, SCAN_LIMIT).replace(/\r\n?/g, "\n");
  const starts: number[] = [];
  for (const pattern of SEPARATORS) for (const match of normalized.matchAll(pattern)) starts.push(match.index + match[0].length);
  for (const start of starts.sort((a, b) => b - a)) {
    const found = readFields(normalized.slice(start));
    if (found) return found;
  }
  if (!hasForwardSubject(subject)) return null;
  const bare = /^[ \t>]*(?:From|De|Von)[ \t]*:.*$/m.exec(normalized);
  if (bare) {
    const found = readFields(normalized.slice(bare.index));
    if (found) return found;
  }
  const wrote = WROTE.exec(normalized);
  if (wrote) {
    const body = normalized.slice(wrote.index + wrote[0].length).replace(/^( {4}|\t)/gm, "").trim();
    return { from: { name: wrote[2].trim(), address: wrote[3].toLowerCase() }, subject: null, date: parseLooseDate(wrote[1]), body };
  }
  return null;
}

function readFields(block: string): ForwardedHeader | null {
  const lines = block.replace(/^\s*\n/, "").split("\n");
  if (lines.length > 0 && (lines[0].match(RUN_TOGETHER) ?? []).length >= 2) {
    lines.splice(0, 1, ...lines[0].split(RUN_TOGETHER));
  }
  const fields = new Map<string, string>();
  let index = 0;
  for (; index < Math.min(lines.length, 14); index++) {
    const line = lines[index];
    if (line.replace(/^[ \t>]*/, "") === "") {
      if (fields.size === 0) continue;
      break;
    }
    const match = FIELD.exec(line);
    if (!match) {
      if (fields.size === 0) return null;
      break;
    }
    const label = match[1].toLowerCase();
    const kind = new RegExp(`^(${FROM_LABEL})$`, "i").test(label)
      ? "from"
      : new RegExp(`^(${SUBJECT_LABEL})$`, "i").test(label)
        ? "subject"
        : new RegExp(`^(${DATE_LABEL})$`, "i").test(label)
          ? "date"
          : "to";
    if (!fields.has(kind)) fields.set(kind, match[2].trim());
  }
  const fromValue = fields.get("from");
  if (!fromValue || (!fields.has("date") && !fields.has("subject"))) return null;
  const from = mailboxOf(fromValue);
  if (!from) return null;
  const body = lines
    .slice(index)
    .map((line) => line.replace(/^> ?/, ""))
    .join("\n")
    .trim();
  const dateValue = fields.get("date");
  return { from, subject: fields.get("subject") || null, date: dateValue ? parseLooseDate(dateValue) : null, body };
}

/** "Name <a@b>", "Name [mailto:a@b]", "\"Name\" <a@b<mailto:a@b>>" or a bare address. */
export function mailboxOf(field: string): Mailbox | null {
  const value = field.slice(0, 1000);
  const address = addressesIn(value)[0];
  if (!address) return null;
  const name = value
    .slice(0, value.search(/[<[]|\S+@/))
    .replace(/["']/g, "")
    .trim();
  return { name: name === address ? "" : name, address };
}

const MONTHS: Record<string, string> = {
  janv: "Jan", févr: "Feb", fevr: "Feb", mars: "Mar", avr: "Apr", mai: "May", juin: "Jun", juil: "Jul", août: "Aug", aout: "Aug",
  sept: "Sep", oct: "Oct", nov: "Nov", déc: "Dec", dec: "Dec", jan: "Jan", feb: "Feb", mär: "Mar", märz: "Mar", apr: "Apr", jun: "Jun",
  jul: "Jul", aug: "Aug", sep: "Sep", okt: "Oct", dez: "Dec", ene: "Jan", abr: "Apr", ago: "Aug", dic: "Dec",
};

/** Forward headers print dates in the forwarder's locale; a miss returns null and the outer Date is used. */
export function parseLooseDate(value: string): Date | null {
  let text = value.slice(0, 200).replace(/\s+(?:at|à|um|a las|alle|om)\s+/gi, " ").replace(/\s+/g, " ").trim();
  const attempt = (candidate: string) => {
    const time = Date.parse(candidate);
    return Number.isNaN(time) ? null : new Date(time);
  };
  const direct = attempt(text);
  if (direct) return direct;
  text = text.replace(/\s+\(?[A-Z]{3,5}\)?$/, "");
  const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})\s*(.*)$/.exec(text);
  if (numeric) return attempt(`${numeric[3]}-${numeric[2].padStart(2, "0")}-${numeric[1].padStart(2, "0")} ${numeric[4]}`);
  const translated = text
    .replace(/^[^\d,]*,?\s*/, "")
    .replace(/\p{L}+\.?/gu, (word) => MONTHS[word.toLowerCase().replace(/\.$/, "")] ?? word);
  return attempt(translated) ?? attempt(text);
}
