"use client";

import { lazyComponent } from "../ui/lazy-component";
import type { NewIssuesProps } from "./new-issues-button";

// What counts arrivals (and the event stream's store of them) comes after the feed's first paint: nothing has
// arrived by then (issue 41's budget).
const NewIssuesButton = lazyComponent(() => import("./new-issues-button").then((module) => module.NewIssuesButton));

/**
 * "N new issues" at the top of the feed while issues arrived that it does not show: the list never
 * changes under a reader by itself; a click brings them in.
 */
export function NewIssues(props: NewIssuesProps) {
  return (
    // A live region from the start, so that its button is announced when it comes; out of the flow while empty.
    <div aria-live="polite" className="sticky top-3 z-20 flex justify-center empty:absolute">
      <NewIssuesButton {...props} />
    </div>
  );
}
