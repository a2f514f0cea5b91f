"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useToggleLike, type EmailDetail } from "@/lib/issues/hooks";
import { ControlActions } from "../control/control-actions";
import { FolderModal } from "../email/folder-modal";
import { IssueRuleButton } from "../rules/issue-rule-button";
import { ShareModal } from "../email/share-modal";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from "../ui/reader-icons";

type Props = { email: EmailDetail; commentsOpen: boolean; onToggleComments: () => void };

export function IssueActions({ email, commentsOpen, onToggleComments }: Props) {
  const like = useToggleLike();
  const [dialog, setDialog] = useState<"folders" | "share" | null>(null);
  // A failed like or favourite, undone on screen, says so here (docs/spec.md section 8).
  const [problem, setProblem] = useState<string | null>(null);
  const filed = email.is_favorited || email.folder_ids.length > 0;
  const pressed = (on: boolean) =>
    buttonClass("secondary", on ? "border-indigo-300 text-indigo-700 dark:border-indigo-700 dark:text-indigo-300" : "");

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

  return (
    <>
      <div role="toolbar" aria-label="Issue actions" className="flex flex-wrap gap-2">
        <button type="button" aria-pressed={email.is_liked} onClick={toggleLike} className={pressed(email.is_liked)}>
          <HeartIcon filled={email.is_liked} width={18} height={18} className={email.is_liked ? "text-rose-600 dark:text-rose-400" : ""} />
          {email.is_liked ? "Unlike" : "Like"}
        </button>
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls="issue-sidebar"
          onClick={onToggleComments}
          className={pressed(commentsOpen)}
        >
          <CommentIcon width={18} height={18} />
          Comment
        </button>
        <button type="button" aria-haspopup="dialog" onClick={openFolders} className={pressed(filed)}>
          <BookmarkIcon filled={filed} width={18} height={18} />
          {filed ? "Edit folders" : "Add to folder"}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          disabled={!email.public_share_id}
          onClick={() => setDialog("share")}
          className={buttonClass("secondary")}
        >
          <ShareIcon width={18} height={18} />
          Share
        </button>
        <IssueRuleButton
          newsletterId={email.newsletter_id}
          newsletterName={email.newsletter_metadata.newsletter_name}
          sender={email.sender_email}
        />
        {dialog === "folders" && <FolderModal email={email} onClose={() => setDialog(null)} onFailure={setProblem} />}
        {dialog === "share" && email.public_share_id && (
          <ShareModal subject={email.subject || "No Subject"} publicShareId={email.public_share_id} onClose={() => setDialog(null)} />
        )}
      </div>
      {problem && <Alert>{problem}</Alert>}
      <ControlActions
        newsletterId={email.newsletter_id}
        newsletterName={email.newsletter_metadata.newsletter_name}
        sender={email.sender_email}
      />
    </>
  );
}
