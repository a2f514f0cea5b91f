"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { sentencesOf, type SpokenSentence } from "./text-ranges";

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type ListenStatus = "idle" | "playing" | "paused";

/** The name the page's stylesheet paints the sentence being read under (CSS Custom Highlight API). */
export const SPOKEN_HIGHLIGHT = "listen-sentence";

const noSubscription = () => () => {};
const hasSpeech = () => "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function";

/** Whether this browser can read aloud at all: Listen is hidden where it cannot. */
export const useSpeechSupported = () => useSyncExternalStore(noSubscription, hasSpeech, () => false);

function mark(sentence: SpokenSentence | undefined) {
  if (typeof Highlight !== "function" || !("highlights" in CSS)) return;
  if (!sentence) {
    CSS.highlights.delete(SPOKEN_HIGHLIGHT);
    return;
  }
  CSS.highlights.set(SPOKEN_HIGHLIGHT, new Highlight(sentence.range));
  const box = sentence.range.getBoundingClientRect();
  if (box.top < 80 || box.bottom > window.innerHeight - 120) window.scrollBy({ top: box.top - window.innerHeight / 3 });
}

type Session = { sentences: SpokenSentence[]; index: number; rate: number; generation: number };

/**
 * Speaks the session's sentence `at`, then the next as each ends, telling `onSentence` which one is read
 * (or undefined once all are). An utterance cut off by cancel() (stop, a new speed) ends too: only the
 * latest one goes on to the next.
 */
function speakFrom(session: Session, at: number, onSentence: (index: number | undefined) => void) {
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

/**
 * Reads an article aloud with the browser's speech synthesis, one utterance per sentence so the sentence
 * being read can be marked and long texts never hit a voice's time limit. It stops when the page goes
 * away (another route, or the tab closing).
 */
export function useListen() {
  const [status, setStatus] = useState<ListenStatus>("idle");
  const [index, setIndex] = useState(0);
  const [total, setTotal] = useState(0);
  const [rate, setRateState] = useState<number>(1);
  const session = useRef<Session>({ sentences: [], index: 0, rate: 1, generation: 0 });

  const onSentence = useCallback((at: number | undefined) => {
    if (at === undefined) setStatus("idle");
    else setIndex(at);
  }, []);

  const stop = useCallback(() => {
    session.current.generation += 1;
    if (hasSpeech()) window.speechSynthesis.cancel();
    mark(undefined);
    setStatus("idle");
  }, []);

  /** From the first sentence of the article under `root`. */
  const start = useCallback(
    (root: HTMLElement) => {
      if (!hasSpeech()) return;
      window.speechSynthesis.cancel();
      // Chromium keeps a paused queue paused after cancel(): what is spoken next would never be heard.
      window.speechSynthesis.resume();
      session.current.sentences = sentencesOf(root, document.documentElement.lang || undefined);
      setTotal(session.current.sentences.length);
      setStatus("playing");
      speakFrom(session.current, 0, onSentence);
    },
    [onSentence],
  );

  const pause = useCallback(() => {
    window.speechSynthesis.pause();
    setStatus("paused");
  }, []);

  const resume = useCallback(() => {
    window.speechSynthesis.resume();
    setStatus("playing");
  }, []);

  /** A new speed applies at once: the sentence being read starts again at it (when paused, from the next one). */
  const setRate = useCallback(
    (next: number) => {
      session.current.rate = next;
      setRateState(next);
      if (status !== "playing") return;
      session.current.generation += 1;
      window.speechSynthesis.cancel();
      speakFrom(session.current, session.current.index, onSentence);
    },
    [status, onSentence],
  );

  useEffect(() => {
    window.addEventListener("pagehide", stop);
    return () => {
      window.removeEventListener("pagehide", stop);
      stop();
    };
  }, [stop]);

  return { status, index, total, rate, start, pause, resume, stop, setRate };
}

export type Listen = ReturnType<typeof useListen>;
