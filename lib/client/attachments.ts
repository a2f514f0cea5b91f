import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { AttachmentDto } from "@/lib/attachments/service";

export type Attachment = AttachmentDto;

export const useAttachments = (emailId: number) =>
  useQuery({
    queryKey: ["attachments", emailId] as const,
    queryFn: ({ signal }) => apiFetch<{ items: Attachment[] }>(`/api/issues/${emailId}/attachments`, { signal }),
    select: (data) => data.items,
  });

/** A file's size as a reader reads it: 812 B, 14 KB, 2.3 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
