"use client";

import { useState } from "react";
import { useActivityFollowsChanges } from "@/lib/client/activity";
import { Alert } from "../ui/alert";
import { ViewPanel } from "./panels";
import { SidePanel } from "./side-panel";
import type { View } from "./view";

export function SubscriptionsView() {
  const [view, setView] = useState<View>({ kind: "all" });
  const [panelMessage, setPanelMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useActivityFollowsChanges();

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">My Subscriptions</h2>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="md:sticky md:top-20 md:self-start">
          <SidePanel
            view={view}
            onSelect={(next) => {
              setFailure(null);
              setView(next);
            }}
            message={panelMessage}
            onMessage={setPanelMessage}
          />
        </div>
        <div className="min-w-0 space-y-4">
          {failure && <Alert>{failure}</Alert>}
          <ViewPanel view={view} onFailure={setFailure} />
        </div>
      </div>
    </div>
  );
}
