"use client";

import { buttonClass } from "../ui/button";
import { useReading } from "./reading-context";
import { SPEEDS } from "./use-listen";

/** While the issue is read aloud (shown only then): where it is, pause or resume, speed and stop, kept in view at the bottom. */
export function ListenBar() {
  const { listen } = useReading();
  const playing = listen.status === "playing";
  return (
    <div
      role="region"
      aria-label="Listen"
      className="sticky bottom-20 z-20 mx-auto mt-3 flex w-fit max-w-full flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white/95 px-3 py-2 shadow-lg backdrop-blur min-[769px]:bottom-4 dark:border-slate-700 dark:bg-slate-900/95"
    >
      <span className="text-sm tabular-nums text-slate-600 dark:text-slate-300">
        Sentence {Math.min(listen.index + 1, listen.total)} of {listen.total}
      </span>
      <button type="button" onClick={playing ? listen.pause : listen.resume} className={buttonClass("secondary", "px-3 py-1.5")}>
        {playing ? "Pause" : "Resume"}
      </button>
      <label className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
        Speed
        <select
          value={listen.rate}
          onChange={(event) => listen.setRate(Number(event.target.value))}
          className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed}x
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={listen.stop} className={buttonClass("ghost", "px-3 py-1.5")}>
        Stop
      </button>
    </div>
  );
}
