// Listen's speaking: fetched by useListen at the first Listen, with the sentence splitter it needs.
import type { SpokenSentence } from "./text-ranges";

export { sentencesOf } from "./text-ranges";

/** The name the page's stylesheet paints the sentence being read under (CSS Custom Highlight API). */
export const SPOKEN_HIGHLIGHT = "listen-sentence";

/** Marks the sentence being read and keeps it in view; undefined clears the mark. */
export function mark(sentence: SpokenSentence | undefined) {
  if (typeof Highlight !== "function" || !("highlights" in CSS)) return;
  if (!sentence) {
    CSS.highlights.delete(SPOKEN_HIGHLIGHT);
    return;
  }
  CSS.highlights.set(SPOKEN_HIGHLIGHT, new Highlight(sentence.range));
  const box = sentence.range.getBoundingClientRect();
  if (box.top < 80 || box.bottom > window.innerHeight - 120) window.scrollBy({ top: box.top - window.innerHeight / 3 });
}

export type Session = { sentences: SpokenSentence[]; index: number; rate: number; generation: number };

/**
 * Speaks the session's sentence `at`, then the next as each ends, telling `onSentence` which one is read
 * (or undefined once all are). An utterance cut off by cancel() (stop, a new speed) ends too: only the
 * latest one goes on to the next.
 */
export function speakFrom(session: Session, at: number, onSentence: (index: number | undefined) => void) {
  const sentence = session.sentences[at];
  const generation = ++session.generation;
  session.index = at;
  mark(sentence);
  if (!sentence) {
    onSentence(undefined);
    return;
  }
  const utterance = new SpeechSynthesisUtterance(sentence.text);
  utterance.rate = session.rate;
  utterance.lang = document.documentElement.lang || "en";
  utterance.onend = () => {
    if (generation === session.generation) speakFrom(session, at + 1, onSentence);
  };
  utterance.onerror = (event) => {
    if (generation !== session.generation || event.error === "interrupted" || event.error === "canceled") return;
    mark(undefined);
    onSentence(undefined);
  };
  onSentence(at);
  window.speechSynthesis.speak(utterance);
}
