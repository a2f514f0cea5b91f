"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useToggleLike, type EmailDetail } from "@/lib/client/issues";
import { ControlNotice, useControlActions } from "../control/control-actions";
import { FolderModal, ShareModal } from "../email/lazy-dialogs";
import { ISSUE_RULE_LABEL, useIssueRule } from "../rules/use-issue-rule";
import { Alert } from "../ui/alert";
import type { MenuEntry } from "../ui/overflow-menu";
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from "../ui/reader-icons";
import { IssueToolbar, toolbarIconSize, type ToolbarItem } from "./issue-toolbar";
import { ScrollTopButton } from "./lazy-scroll-top";
import { useTakeAway } from "./use-take-away";

type Props = {
  email: EmailDetail;
  commentsOpen: boolean;
  onToggleComments: () => void;
  /** More buttons after Share (on a phone past the bar's slots they move into More). */
  items?: ToolbarItem[];
  /** More entries of the More menu, before Mute and Block. */
  menuEntries?: MenuEntry[];
};

/**
 * docs/spec.md section 2's actions (Like/Unlike, Comment, Add to folder or Edit folders, Share) as one toolbar;
 * the rarer ones (a filing rule, Mute, Block sender) in its More menu. What they report shows below it.
 */
export function IssueActions({ email, commentsOpen, onToggleComments, items = [], menuEntries = [] }: Props) {
  const like = useToggleLike();
  const [dialog, setDialog] = useState<"folders" | "share" | null>(null);
  // A failed like or favourite, undone on screen, says so here (docs/spec.md section 8).
  const [problem, setProblem] = useState<string | null>(null);
  const newsletter = {
    newsletterId: email.newsletter_id,
    newsletterName: email.newsletter_metadata.newsletter_name,
    sender: email.sender_email,
  };
  const control = useControlActions(newsletter);
  const rule = useIssueRule(newsletter);
  const takeAway = useTakeAway(email.id);
  const filed = email.is_favorited || email.folder_ids.length > 0;

  const toggleLike = () => {
    setProblem(null);
    like.mutate(
      { id: email.id, is_liked: email.is_liked },
      { onError: (error) => setProblem(errorMessage(error, "Failed to toggle like status")) },
    );
  };
  const openFolders = () => {
    setProblem(null);
    setDialog("folders");
  };

  const actions: ToolbarItem[] = [
    {
      id: "like",
      label: email.is_liked ? "Unlike" : "Like",
      icon: <HeartIcon filled={email.is_liked} {...toolbarIconSize} className={email.is_liked ? "text-rose-600 dark:text-rose-400" : ""} />,
      pressed: email.is_liked,
      onSelect: toggleLike,
    },
    {
      id: "comment",
      label: "Comment",
      icon: <CommentIcon {...toolbarIconSize} />,
      expanded: commentsOpen,
      controls: "issue-sidebar",
      onSelect: onToggleComments,
    },
    {
      id: "folders",
      label: filed ? "Edit folders" : "Add to folder",
      icon: <BookmarkIcon filled={filed} {...toolbarIconSize} />,
      popup: "dialog",
      onSelect: openFolders,
    },
    {
      id: "share",
      label: "Share",
      icon: <ShareIcon {...toolbarIconSize} />,
      popup: "dialog",
      disabled: !email.public_share_id,
      onSelect: () => setDialog("share"),
    },
    ...items,
  ];
  const menu: MenuEntry[] = [
    ...menuEntries,
    ...takeAway.entries,
    { id: "rule", label: ISSUE_RULE_LABEL, popup: "dialog", onSelect: rule.open },
    { id: "mute", label: control.muteLabel, disabled: control.muteDisabled, onSelect: control.toggleMute },
    {
      id: "block",
      label: control.blockLabel,
      disabled: control.blockDisabled,
      tone: control.blocked ? undefined : "danger",
      onSelect: control.toggleBlock,
    },
  ];

  return (
    <>
      <IssueToolbar items={actions} menu={menu} trailing={<ScrollTopButton placement="bar" />} />
      {(problem || rule.saved || control.notice || takeAway.notice) && (
        <div className="basis-full space-y-2">
          {problem && <Alert>{problem}</Alert>}
          {takeAway.notice}
          {rule.saved}
          <ControlNotice notice={control.notice} />
        </div>
      )}
      {dialog === "folders" && <FolderModal email={email} onClose={() => setDialog(null)} onFailure={setProblem} />}
      {dialog === "share" && email.public_share_id && (
        <ShareModal subject={email.subject || "No Subject"} publicShareId={email.public_share_id} onClose={() => setDialog(null)} />
      )}
      {rule.dialog}
    </>
  );
}
