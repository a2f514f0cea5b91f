/**
 * A page drawn on the server (docs/contract.md 8.1) can be read, and its keys pressed, before its scripts
 * run. This script, inlined in the document's head, keeps those key presses (at most 20) with the page
 * they were pressed on, so that the page's keyboard acts on them once it listens; taking them stops it.
 */
export const EARLY_KEYS_SCRIPT = `(function(){var k=[];window.__paperboyEarlyKeys=k;document.addEventListener("keydown",function(e){if(window.__paperboyEarlyKeys===k&&k.length<20)k.push({event:e,path:location.pathname})})})();`;

type EarlyKey = { event: KeyboardEvent; path: string };

declare global {
  interface Window {
    __paperboyEarlyKeys?: EarlyKey[] | null;
  }
}

/** The keys pressed on this page before its scripts ran, once: later calls, and other pages, get none. */
export function takeEarlyKeys(): KeyboardEvent[] {
  const kept = window.__paperboyEarlyKeys ?? [];
  window.__paperboyEarlyKeys = null;
  return kept.filter(({ path }) => path === window.location.pathname).map(({ event }) => event);
}
