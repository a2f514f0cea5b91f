"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { useListen, useSpeechSupported, type Listen } from "./use-listen";

type Reading = {
  readerView: boolean;
  /** The `v` key and the Reader view button: on, or back to the original (which also stops Listen). */
  toggleReaderView: () => string;
  /** Escape in reader view: back to the original; false when there was nothing to leave. */
  leaveReaderView: () => boolean;
  /** The `p` key and the Listen button: start (in reader view, where the sentence is marked), pause, resume. */
  toggleListen: () => string | undefined;
  listen: Listen;
  speechSupported: boolean;
  /** Reader view hands over its article once shown, for Listen to read. */
  setArticle: (element: HTMLElement | null) => void;
};

const ReadingContext = createContext<Reading | null>(null);

export function useReading(): Reading {
  const reading = useContext(ReadingContext);
  if (!reading) throw new Error("useReading outside ReadingProvider");
  return reading;
}

/** Reader view and Listen of one issue page, shared by its keys, its toolbar and its body. */
export function ReadingProvider({ children }: { children: ReactNode }) {
  const [readerView, setReaderView] = useState(false);
  const article = useRef<HTMLElement | null>(null);
  // Listen asked for before reader view had its article: it starts once the article is there.
  const listenWanted = useRef(false);
  const listen = useListen();
  const speechSupported = useSpeechSupported();
  const { status, start, pause, resume, stop } = listen;

  const setArticle = useCallback(
    (element: HTMLElement | null) => {
      article.current = element;
      if (!element || !listenWanted.current) return;
      listenWanted.current = false;
      start(element);
    },
    [start],
  );

  const leaveReaderView = useCallback(() => {
    if (!readerView) return false;
    stop();
    listenWanted.current = false;
    setReaderView(false);
    return true;
  }, [readerView, stop]);

  const toggleReaderView = useCallback(() => {
    if (leaveReaderView()) return "Original view.";
    setReaderView(true);
    return "Reader view.";
  }, [leaveReaderView]);

  const toggleListen = useCallback(() => {
    if (!speechSupported) return undefined;
    if (status === "playing") {
      pause();
      return "Paused.";
    }
    if (status === "paused") {
      resume();
      return undefined;
    }
    if (article.current) start(article.current);
    else {
      listenWanted.current = true;
      setReaderView(true);
    }
    return undefined;
  }, [speechSupported, status, pause, resume, start]);

  const value = { readerView, toggleReaderView, leaveReaderView, toggleListen, listen, speechSupported, setArticle };
  return <ReadingContext.Provider value={value}>{children}</ReadingContext.Provider>;
}
