import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";

/** What POST /api/users/me/sample-issue answers: the stored message and the feed issues it became. */
export type SampleIssueSent = { message_id: number; emails: number[] };

/** "Send me a sample issue": filed to the reader's own address through the inbound path. */
export const useSendSampleIssue = () =>
  useMutation({ mutationFn: () => apiFetch<SampleIssueSent>("/api/users/me/sample-issue", { method: "POST" }) });
