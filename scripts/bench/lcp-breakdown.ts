// Where a page load's time goes up to its largest contentful paint, from a Chromium trace of the load and the
// page's own resource timings: when the HTML, the scripts and each API answer arrived, and what kept the main
// thread busy before the paint (JavaScript, style and layout, paint, HTML parsing). Used by bench-pages.ts.

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

/** Resource timings read in the page: milliseconds from navigation start. */
export type PageTimings = {
  html: number;
  scripts: { first: number; last: number; count: number };
  api: { path: string; start: number; end: number }[];
};

/** Collects the page's timings (run in the page with page.evaluate). */
export function readPageTimings(): PageTimings {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const scripts = resources.filter((entry) => entry.initiatorType === "script" || /\.js(\?|$)/.test(entry.name));
  return {
    html: navigation.responseEnd,
    scripts: {
      first: Math.min(...scripts.map((entry) => entry.startTime)),
      last: Math.max(...scripts.map((entry) => entry.responseEnd)),
      count: scripts.length,
    },
    api: resources
      .filter((entry) => new URL(entry.name).pathname.startsWith("/api/"))
      .map((entry) => ({
        path: new URL(entry.name).pathname + new URL(entry.name).search,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
  };
}

const BUCKETS: [bucket: string, names: RegExp][] = [
  ["JavaScript: compile", /^(v8\.compile|v8\.compileModule|V8\.CompileCode|CompileScript|v8\.parseOnBackground)/],
  [
    "JavaScript: run (chunks, React render, hydration)",
    /^(EvaluateScript|FunctionCall|v8\.run|v8\.callFunction|V8\.Execute|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|v8\.evaluateModule|V8\.GC|MajorGC|MinorGC|BlinkGC)/,
  ],
  ["Style and layout", /^(UpdateLayoutTree|Layout|RecalculateStyles|ParseAuthorStyleSheet|HitTest|ScheduleStyleRecalculation)/],
  ["Paint and composite", /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode)/],
  ["HTML parsing", /^ParseHTML/],
];

function bucketOf(name: string): string {
  return BUCKETS.find(([, names]) => names.test(name))?.[0] ?? "Other main-thread work";
}

/** Self time per bucket of the renderer's main thread between navigation start and `untilMs`. */
function mainThreadBusy(events: TraceEvent[], pid: number, tid: number, startUs: number, untilMs: number): Map<string, number> {
  const endUs = startUs + untilMs * 1000;
  const spans = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X" && event.dur !== undefined)
    .filter((event) => event.ts < endUs && event.ts + event.dur! > startUs)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  // Each span's own time is its length less its children's; clipped to the window.
  const stack: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      const length = Math.min(done.end, endUs) - Math.max(done.event.ts, startUs);
      const own = Math.max(0, length - done.children);
      const bucket = bucketOf(done.event.name);
      self.set(bucket, (self.get(bucket) ?? 0) + own / 1000);
      if (stack.length) stack[stack.length - 1]!.children += Math.max(0, length);
    }
  };
  for (const event of spans) {
    close(event.ts);
    stack.push({ event, end: event.ts + event.dur!, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/** The lines of the breakdown of one traced load. */
export function lcpBreakdown(trace: Buffer, url: string, lcpMs: number, timings: PageTimings): string[] {
  const { traceEvents: events } = JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] };
  const start = events.find(
    (event) => event.name === "navigationStart" && String(event.args?.data?.documentLoaderURL ?? "").startsWith(url),
  );
  const main = events.find(
    (event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === start?.pid,
  );
  const lines = [
    `  HTML answered                 ${timings.html.toFixed(0).padStart(6)} ms`,
    `  scripts (${String(timings.scripts.count).padStart(2)})                  ${timings.scripts.first.toFixed(0).padStart(6)} -> ${timings.scripts.last.toFixed(0)} ms`,
    ...timings.api.map(
      (call) =>
        `  ${call.path.length > 28 ? `${call.path.slice(0, 27)}…` : call.path.padEnd(28)}  ${call.start.toFixed(0).padStart(6)} -> ${call.end.toFixed(0)} ms`,
    ),
    `  largest contentful paint      ${lcpMs.toFixed(0).padStart(6)} ms`,
  ];
  if (!start || !main) return [...lines, "  (no main thread found in the trace)"];
  const busy = mainThreadBusy(events, main.pid, main.tid, start.ts, lcpMs);
  const total = [...busy.values()].reduce((sum, ms) => sum + ms, 0);
  lines.push(`  main thread before the paint: busy ${total.toFixed(0)} ms of ${lcpMs.toFixed(0)} (CPU slowed 4x)`);
  for (const [bucket, ms] of [...busy].sort((a, b) => b[1] - a[1]))
    if (ms >= 1) lines.push(`    ${bucket.padEnd(50)} ${ms.toFixed(0).padStart(5)} ms`);
  return lines;
}
