import type { ReactNode } from "react";
import { drawnAnswers, type DrawnRead } from "@/lib/first-paint/drawn-answers";
import { SeedAnswers } from "./seed-answers";

/** Draws `children` with the answers of `reads` already in the browser's cache (docs/contract.md 8.1). */
export async function DrawnAnswers({ reads, children }: { reads: DrawnRead[]; children: ReactNode }) {
  return <SeedAnswers answers={await drawnAnswers(reads)}>{children}</SeedAnswers>;
}
