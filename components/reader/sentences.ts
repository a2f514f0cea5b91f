/** A sentence of a text, with where it lies in it, so the page can mark it while it is read aloud. */
export type Sentence = { text: string; start: number; end: number };

// Some voices stop mid-utterance after about 15 seconds (Chromium's long-utterance bug): a sentence longer
// than this is spoken in parts cut at a word boundary.
const MAX_SPOKEN = 280;
const SPEAKABLE = /[\p{L}\p{N}]/u;

/** Splits at the last space before `MAX_SPOKEN`, or hard there when a run has none. */
function parts(sentence: Sentence): Sentence[] {
  const out: Sentence[] = [];
  let { start } = sentence;
  const { end } = sentence;
  while (end - start > MAX_SPOKEN) {
    const slice = sentence.text.slice(start - sentence.start, start - sentence.start + MAX_SPOKEN);
    const cut = slice.lastIndexOf(" ");
    const length = cut > 0 ? cut : MAX_SPOKEN;
    out.push({ text: slice.slice(0, length).trim(), start, end: start + length });
    start += length;
    while (sentence.text[start - sentence.start] === " ") start += 1;
  }
  out.push({ text: sentence.text.slice(start - sentence.start), start, end });
  return out;
}

/**
 * The sentences of `text` as the language's rules see them (Intl.Segmenter), without their surrounding
 * white space, and without runs that hold nothing to say (a lone bullet or rule). A line break always
 * ends a sentence, so a heading never runs into the paragraph after it.
 */
export function splitSentences(text: string, locale?: string): Sentence[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
  const sentences: Sentence[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    const lead = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (!SPEAKABLE.test(trimmed)) continue;
    sentences.push(...parts({ text: trimmed, start: index + lead, end: index + lead + trimmed.length }));
  }
  return sentences;
}
