/**
 * issue 34: the API calls a signed-in page's first screen makes, started by a few bytes of inline script as
 * the HTML arrives instead of after the page's JavaScript has loaded and run. apiFetch takes each answer
 * once, in place of asking again; nothing is answered on the server's side, so what the browser sees is
 * the same requests, only sooner (a route held in a test still holds its spinner on screen).
 */
const GLOBAL = "__paperboyEarly";
/** Past this an answer is nobody's first screen any more: a later read asks afresh. */
const FRESH_MS = 30_000;

type Started = { at: number; response: Promise<Response | null> };
type EarlyWindow = Window & { [GLOBAL]?: Record<string, Started | undefined> };

/** The inline script that starts these GETs (same URL, same credentials as apiFetch, so each can stand in for it). */
export function earlyScript(paths: string[]): string {
  // `<` escaped: a path can never end the script element it sits in.
  const list = JSON.stringify(paths).replace(/</g, "\\u003c");
  return `(function(){var e=window.${GLOBAL}=window.${GLOBAL}||{};${list}.forEach(function(p){e[p]={at:performance.now(),response:fetch(p,{credentials:"same-origin"}).catch(function(){return null})}})})();`;
}

/** The early answer for this path, taken so no one else reads it; undefined when there is none (or too old). */
export function takeEarly(path: string): Promise<Response | null> | undefined {
  if (typeof window === "undefined") return undefined;
  const started = (window as EarlyWindow)[GLOBAL]?.[path];
  if (!started) return undefined;
  delete (window as EarlyWindow)[GLOBAL]![path];
  return performance.now() - started.at < FRESH_MS ? started.response : undefined;
}
