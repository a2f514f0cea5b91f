import "server-only";
import { addressesIn, type Mailbox } from "./parse";

/** The original message recovered from a forward's body. */
export type ForwardedHeader = { from: Mailbox; subject: string | null; date: Date | null; body: string; hasDate: boolean };

const FORWARD_SUBJECT = /^\s*(?:fwd?|fw|wg|tr|rv|vs|pd|enc|vb|vl|videresend|İlt|redir\.?)\s*:\s*/i;
const BRACKETED_FORWARD = /^\s*\[\s*(?:fwd?|fw)\s*:\s*(.*)\]\s*$/i;

// Gmail, Thunderbird, Yahoo and IONOS print "Forwarded message" between dashes; Outlook's desktop
// forward prints "Original Message" in the writer's language.
const DASHED = [
  "Forwarded message",
  "Forwarded Message",
  "Original Message",
  "Message transféré",
  "Weitergeleitete Nachricht",
  "Mensaje reenviado",
  "Messaggio inoltrato",
  "Doorgestuurd bericht",
  "Mensagem encaminhada",
  "Vidarebefordrat meddelande",
  "Ursprüngliche Nachricht",
  "Message d'origine",
  "Mensaje original",
  "Messaggio originale",
  "Oorspronkelijk bericht",
  "Mensagem original",
  "Originalmeddelande",
  "Oprindelig meddelelse",
  "Opprinnelig melding",
  "Alkuperäinen viesti",
  "Wiadomość oryginalna",
  "Исходное сообщение",
  "Пересылаемое сообщение",
];
const APPLE = [
  "Begin forwarded message",
  "Début du message réexpédié",
  "Anfang der weitergeleiteten Nachricht",
  "Inicio del mensaje reenviado",
  "Inizio messaggio inoltrato",
  "Begin doorgestuurd bericht",
  "Início da mensagem reencaminhada",
  "Início da mensagem encaminhada",
  "Vidarebefordrat mejl",
  "Videresendt besked",
  "Videresendt melding",
  "Välitetty viesti",
  "Początek przekazywanej wiadomości",
  "Начало переадресованного сообщения",
  "転送されたメッセージ",
];
const SEPARATORS = [
  new RegExp(`^[ \\t>]*-{3,12} ?(?:${DASHED.join("|")}) ?-{3,12}`, "gim"),
  new RegExp(`^[ \\t>]*(?:${APPLE.join("|")}) ?:`, "gim"),
  /^[ \t>]*_{20,}[ \t]*$/gm,
];
// Words of the separators above that tell a body may hold a forward before it is converted or scanned.
const MARKER = new RegExp(
  `Forwarded message|Forwarded Message|forwarded message|Original Message|_{20}|divRplyFwdMsg|weitergeleitet|Weitergeleitet|réexpédié|transféré|reenviado|inoltrat|doorgestuurd|encaminhada|reencaminhada|Vidarebefordrat|Videresendt|Välitetty|Ursprüngliche|d'origine|Mensaje original|Messaggio originale|Oorspronkelijk|Mensagem original|Originalmeddelande|Oprindelig|Opprinnelig|Alkuperäinen|oryginalna|przekazywanej|Исходное|Пересылаемое|переадресованного|転送されたメッセージ`,
);
// An Outlook header block with no separator line: trusted near the top of the body when it has From, a date and a Subject.
const TOP_BLOCK_LIMIT = 1500;

const FROM_LABEL = "From|De|Von|Da|Van|Från|Fra|Od|От|Lähettäjä|差出人";
const DATE_LABEL =
  "Date|Sent|Envoyé le|Envoyé|Datum|Gesendet|Fecha|Enviado el|Enviado|Data|Inviato|Verzonden|Skickat|Sendt|Lähetetty|Wysłano|Отправлено|Дата|日付";
const SUBJECT_LABEL = "Subject|Objet|Sujet|Betreff|Asunto|Oggetto|Onderwerp|Ämne|Emne|Assunto|Aihe|Temat|Тема|件名";
const TO_LABEL = "To|À|A|An|Para|Aan|Till|Til|Do|Vastaanottaja|Кому|宛先|Cc|CC|Cci|Kopie";
const FIELD = new RegExp(`^[ \\t>]*(${FROM_LABEL}|${DATE_LABEL}|${SUBJECT_LABEL}|${TO_LABEL})[ \\t]*:[ \\t]*(.*)$`, "i");
const RUN_TOGETHER = new RegExp(`(?=(?:${FROM_LABEL}|${DATE_LABEL}|${SUBJECT_LABEL}|To|Cc):\\s)`, "g");
const TOP_FROM = new RegExp(`^[ \\t>]*(?:${FROM_LABEL})[ \\t]*:`, "m");
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

/** Cheap test before converting HTML to text or scanning text: a separator's words, or a header block at the top. */
export function mayHoldForward(text: string): boolean {
  return MARKER.test(text) || TOP_FROM.test(text.slice(0, TOP_BLOCK_LIMIT));
}

const SEPARATOR_LINE = new RegExp(`${SEPARATORS[0].source}|${SEPARATORS[1].source}|${SEPARATORS[2].source}`, "i");

/** A line of a forward's header block as a reader sees it: a separator, or a From, Date, Subject or To field. */
export function isForwardHeaderLine(line: string): boolean {
  return FIELD.test(line) || SEPARATOR_LINE.test(line);
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
  const bare = TOP_FROM.exec(normalized);
  if (bare) {
    const found = readFields(normalized.slice(bare.index));
    if (found && (hasForwardSubject(subject) || (bare.index < TOP_BLOCK_LIMIT && found.subject !== null && found.hasDate))) return found;
  }
  if (!hasForwardSubject(subject)) return null;
  const wrote = WROTE.exec(normalized);
  if (wrote) {
    const body = normalized
      .slice(wrote.index + wrote[0].length)
      .replace(/^( {4}|\t)/gm, "")
      .trim();
    return {
      from: { name: wrote[2].trim(), address: wrote[3].toLowerCase() },
      subject: null,
      date: parseLooseDate(wrote[1]),
      body,
      hasDate: true,
    };
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
  return {
    from,
    subject: fields.get("subject") || null,
    date: dateValue ? parseLooseDate(dateValue) : null,
    body,
    hasDate: dateValue !== undefined,
  };
}

/** "Name <a@b>", "Name [mailto:a@b]", "\"Name\" <a@b<mailto:a@b>>" or a bare address. */
function mailboxOf(field: string): Mailbox | null {
  const value = field.slice(0, 1000);
  const address = addressesIn(value)[0];
  if (!address) return null;
  const name = value
    .slice(0, value.search(/[<[]|\S+@/))
    .replace(/["']/g, "")
    .trim();
  return { name: name === address ? "" : name, address };
}

// Month names of the languages forward headers are printed in; an abbreviation ("févr.", "Okt.") is a prefix of one.
const MONTH_NAMES: [string, string][] = [
  ["janvier", "Jan"],
  ["fevrier", "Feb"],
  ["mars", "Mar"],
  ["avril", "Apr"],
  ["mai", "May"],
  ["juin", "Jun"],
  ["juillet", "Jul"],
  ["aout", "Aug"],
  ["septembre", "Sep"],
  ["octobre", "Oct"],
  ["novembre", "Nov"],
  ["decembre", "Dec"],
  ["januar", "Jan"],
  ["februar", "Feb"],
  ["marz", "Mar"],
  ["juni", "Jun"],
  ["juli", "Jul"],
  ["oktober", "Oct"],
  ["dezember", "Dec"],
  ["enero", "Jan"],
  ["febrero", "Feb"],
  ["marzo", "Mar"],
  ["abril", "Apr"],
  ["mayo", "May"],
  ["junio", "Jun"],
  ["julio", "Jul"],
  ["agosto", "Aug"],
  ["septiembre", "Sep"],
  ["setiembre", "Sep"],
  ["octubre", "Oct"],
  ["noviembre", "Nov"],
  ["diciembre", "Dec"],
  ["gennaio", "Jan"],
  ["febbraio", "Feb"],
  ["aprile", "Apr"],
  ["maggio", "May"],
  ["giugno", "Jun"],
  ["luglio", "Jul"],
  ["settembre", "Sep"],
  ["ottobre", "Oct"],
  ["dicembre", "Dec"],
  ["januari", "Jan"],
  ["februari", "Feb"],
  ["maart", "Mar"],
  ["mei", "May"],
  ["augustus", "Aug"],
  ["janeiro", "Jan"],
  ["fevereiro", "Feb"],
  ["marco", "Mar"],
  ["maio", "May"],
  ["junho", "Jun"],
  ["julho", "Jul"],
  ["setembro", "Sep"],
  ["outubro", "Oct"],
  ["novembro", "Nov"],
  ["dezembro", "Dec"],
  ["marts", "Mar"],
  ["maj", "May"],
  ["augusti", "Aug"],
];
// Zone abbreviations Date.parse does not know (it knows UT, GMT and the North American ones).
const ZONES: Record<string, string> = {
  CET: "+0100",
  CEST: "+0200",
  MEZ: "+0100",
  MESZ: "+0200",
  EET: "+0200",
  EEST: "+0300",
  WET: "+0000",
  WEST: "+0100",
  BST: "+0100",
  IST: "+0530",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AEST: "+1000",
  AEDT: "+1100",
  NZST: "+1200",
  NZDT: "+1300",
  SAST: "+0200",
  UTC: "+0000",
};

function englishMonth(word: string): string | null {
  const plain = word.toLowerCase().replace(/\.$/, "").normalize("NFD").replace(/\p{M}/gu, "");
  if (plain.length < 3) return null;
  return MONTH_NAMES.find(([name]) => name === plain || name.startsWith(plain))?.[1] ?? null;
}

/** Forward headers print dates in the forwarder's locale; a miss returns null (then the arrival time counts). */
function parseLooseDate(value: string): Date | null {
  let text = value
    .slice(0, 200)
    .replace(/\s+(?:at|à|um|a las|alle(?: ore)?|om|kl\.?)\s+/gi, " ")
    .replace(/\s+Uhr\b/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const attempt = (candidate: string) => {
    const time = Date.parse(candidate);
    return Number.isNaN(time) ? null : new Date(time);
  };
  const direct = attempt(text);
  if (direct) return direct;
  text = text.replace(/\s+\(?([A-Z]{2,5})\)?$/, (_, zone: string) => (ZONES[zone] ? ` ${ZONES[zone]}` : ""));
  const cjk = /^(\d{4})年(\d{1,2})月(\d{1,2})日\S*\s*(.*)$/.exec(text);
  if (cjk)
    return (
      attempt(`${cjk[1]}-${cjk[2].padStart(2, "0")}-${cjk[3].padStart(2, "0")}T${cjk[4].replace(/\s+([+-]\d{4})$/, "$1") || "00:00"}`) ??
      attempt(`${cjk[1]}/${cjk[2]}/${cjk[3]} ${cjk[4]}`)
    );
  const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4}),?\s*(.*)$/.exec(text);
  if (numeric) return attempt(`${numeric[3]}-${numeric[2].padStart(2, "0")}-${numeric[1].padStart(2, "0")} ${numeric[4]}`);
  const translated = text
    .replace(/^[^\d,]*,?\s*/, "")
    .replace(/\b(\d{1,2})\./g, "$1")
    .replace(/\s(?:de|del|di|van)\s/gi, " ")
    .replace(/\p{L}+\.?/gu, (word) => englishMonth(word) ?? word);
  return attempt(translated) ?? attempt(text);
}
