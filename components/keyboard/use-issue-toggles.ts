"use client";

import { useToggleFavorite, useToggleLike, useToggleRead, type Email } from "@/lib/client/issues";

type Target = Pick<Email, "id" | "subject" | "is_read" | "is_favorited" | "is_liked">;

/** m, s and l on one issue: each changes at once on screen and answers what to announce once the server agreed (or not). */
export function useIssueToggles() {
  const read = useToggleRead();
  const favourite = useToggleFavorite();
  const like = useToggleLike();
  const name = (email: Target) => email.subject || "No Subject";
  const settle = (change: Promise<unknown>, done: string, failed: string) =>
    change.then(
      () => done,
      () => failed,
    );
  return {
    toggleRead: (email: Target) =>
      settle(
        read.mutateAsync({ id: email.id, is_read: email.is_read }),
        `${name(email)}: marked ${email.is_read ? "unread" : "read"}.`,
        "Failed to mark email as read",
      ),
    favourite: (email: Target) =>
      settle(
        favourite.mutateAsync({ id: email.id, is_favorited: email.is_favorited }),
        `${name(email)}: ${email.is_favorited ? "removed from" : "added to"} favourites.`,
        "Failed to toggle favorite status",
      ),
    like: (email: Target) =>
      settle(
        like.mutateAsync({ id: email.id, is_liked: email.is_liked }),
        `${name(email)}: ${email.is_liked ? "unliked" : "liked"}.`,
        "Failed to toggle like status",
      ),
  };
}
