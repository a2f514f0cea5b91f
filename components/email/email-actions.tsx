"use client";

import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/api/client";
import { formatCount } from "@/lib/format/count";
import { useToggleLike, type Email } from "@/lib/client/issues";
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from "../ui/reader-icons";

// The buttons' look is one class, card-action (app/globals.css): not spelled out on each of a feed's 80.
const action = "card-action";

type Props = {
  email: Pick<Email, "id" | "subject" | "is_liked" | "like_count" | "comment_count" | "is_favorited" | "folder_ids" | "public_share_id">;
  onBookmark: () => void;
  onShare: () => void;
  /** What went wrong with the last like, for the card to show; null when trying again. */
  onProblem: (message: string | null) => void;
};

/** Like, comment, bookmark and share of one card: four buttons (docs/spec.md section 2). */
export function EmailActions({ email, onBookmark, onShare, onProblem }: Props) {
  const router = useRouter();
  const like = useToggleLike();
  const subject = email.subject || "No Subject";
  const saved = email.is_favorited || email.folder_ids.length > 0;
  // A shown count is part of the button's name, so speech users can say what they see (WCAG 2.5.3).
  const counted = (count: number, one: string, many: string) => (count > 0 ? `, ${formatCount(count)} ${count === 1 ? one : many}` : "");
  return (
    <div className="flex items-center sm:gap-1">
      <button
        type="button"
        aria-pressed={email.is_liked}
        aria-label={`${email.is_liked ? "Unlike" : "Like"} ${subject}${counted(email.like_count, "like", "likes")}`}
        onClick={() => {
          onProblem(null);
          like.mutate(
            { id: email.id, is_liked: email.is_liked },
            { onError: (error) => onProblem(errorMessage(error, "Failed to toggle like status")) },
          );
        }}
        className={`${action} ${email.is_liked ? "text-rose-600 dark:text-rose-400" : ""}`}
      >
        <HeartIcon filled={email.is_liked} width={18} height={18} />
        {email.like_count > 0 && <span>{formatCount(email.like_count)}</span>}
      </button>
      <button
        type="button"
        aria-label={`Comments on ${subject}${counted(email.comment_count, "comment", "comments")}`}
        onClick={() => router.push(`/emails/${email.id}?showComments=true`)}
        className={action}
      >
        <CommentIcon width={18} height={18} />
        {email.comment_count > 0 && <span>{formatCount(email.comment_count)}</span>}
      </button>
      <button
        type="button"
        aria-label={`Folders and favourites for ${subject}`}
        aria-haspopup="dialog"
        onClick={onBookmark}
        className={`${action} ${saved ? "text-indigo-600 dark:text-indigo-400" : ""}`}
      >
        <BookmarkIcon filled={saved} width={18} height={18} />
      </button>
      <button
        type="button"
        aria-label={`Share ${subject}`}
        aria-haspopup="dialog"
        disabled={!email.public_share_id}
        onClick={onShare}
        className={action}
      >
        <ShareIcon width={18} height={18} />
      </button>
    </div>
  );
}
