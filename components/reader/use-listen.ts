"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Session } from "./speech";

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type ListenStatus = "idle" | "playing" | "paused";

/** What useListen keeps of ./speech once fetched: marking and speaking go on after the start. */
type Speech = Pick<typeof import("./speech"), "mark" | "speakFrom">;

const noSubscription = () => () => {};
const hasSpeech = () => "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function";

/** Whether this browser can read aloud at all: Listen is hidden where it cannot. */
export const useSpeechSupported = () => useSyncExternalStore(noSubscription, hasSpeech, () => false);

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
  // The speaking itself, fetched at the first Listen rather than with every issue (issue 41's budget).
  const speech = useRef<Speech | null>(null);

  const onSentence = useCallback((at: number | undefined) => {
    if (at === undefined) setStatus("idle");
    else setIndex(at);
  }, []);

  const stop = useCallback(() => {
    session.current.generation += 1;
    if (hasSpeech()) window.speechSynthesis.cancel();
    speech.current?.mark(undefined);
    setStatus("idle");
  }, []);

  /** From the first sentence of the article under `root`. */
  const start = useCallback(
    (root: HTMLElement) => {
      if (!hasSpeech()) return;
      window.speechSynthesis.cancel();
      // Chromium keeps a paused queue paused after cancel(): what is spoken next would never be heard.
      window.speechSynthesis.resume();
      // A stop (or another start) while the speaking code loads wins over this start.
      const generation = ++session.current.generation;
      void import("./speech").then((loaded) => {
        if (generation !== session.current.generation) return;
        speech.current = { mark: loaded.mark, speakFrom: loaded.speakFrom };
        session.current.sentences = loaded.sentencesOf(root, document.documentElement.lang || undefined);
        setTotal(session.current.sentences.length);
        setStatus("playing");
        loaded.speakFrom(session.current, 0, onSentence);
      });
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
      speech.current?.speakFrom(session.current, session.current.index, onSentence);
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
