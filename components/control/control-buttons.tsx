"use client";

import { buttonClass } from "../ui/button";
import { ControlNotice, useControlActions, type ControlTarget } from "./control-actions";

type Props = ControlTarget & {
  /** Off where the page already offers its own Block sender (a newsletter still sending after an unsubscribe). */
  offerBlock?: boolean;
  className?: string;
};

// The buttons of a card or page, apart from useControlActions, which the issue page's More menu also uses (issue 41's budget).
/** Mute and Block for one newsletter, wherever it is shown as a card or a page. */
export function ControlActions({ offerBlock = true, className = "", ...target }: Props) {
  const control = useControlActions(target);
  return (
    <div className={`space-y-2 ${className}`}>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={control.muted}
          onClick={control.toggleMute}
          disabled={control.muteDisabled}
          className={buttonClass("secondary")}
        >
          {control.muteLabel}
        </button>
        {offerBlock && (
          <button
            type="button"
            onClick={control.toggleBlock}
            disabled={control.blockDisabled}
            className={buttonClass(control.blocked ? "secondary" : "danger")}
          >
            {control.blockLabel}
          </button>
        )}
      </div>
      <ControlNotice notice={control.notice} />
    </div>
  );
}
