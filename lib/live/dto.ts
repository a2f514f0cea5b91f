/** What an `email` event tells a reader of a newly filed email (docs/contract.md 7.5): enough to count and name it. */
export type FiledEmail = { id: number; newsletter_id: number; subject: string | null; kind: "issue" | "confirmation" };
