"use client";

import type { ToolbarItem } from "../issue/issue-toolbar";
import { Icon } from "../ui/icons";
import { useReading } from "./reading-context";

/** Reader view (`v`) and Listen (`p`) as issue toolbar buttons; Listen only where the browser can speak. */
export function useReadingToolbarItems(): ToolbarItem[] {
  const { readerView, toggleReaderView, toggleListen, listen, speechSupported } = useReading();
  const items: ToolbarItem[] = [
    {
      id: "reader-view",
      label: "Reader view",
      pressed: readerView,
      onSelect: toggleReaderView,
      icon: (
        <Icon>
          <path d="M4 5.5C6.5 4.5 9.5 4.5 12 6c2.5-1.5 5.5-1.5 8-.5v13c-2.5-1-5.5-1-8 .5-2.5-1.5-5.5-1.5-8-.5z" />
          <path d="M12 6v13" />
        </Icon>
      ),
    },
  ];
  if (!speechSupported) return items;
  const playing = listen.status === "playing";
  items.push({
    id: "listen",
    label: playing ? "Pause" : listen.status === "paused" ? "Resume" : "Listen",
    pressed: listen.status !== "idle",
    onSelect: () => void toggleListen(),
    icon: (
      <Icon>
        {playing ? (
          <path d="M9 5v14M15 5v14" />
        ) : (
          <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1z" />
        )}
      </Icon>
    ),
  });
  return items;
}
