import type { Metadata } from "next";
import { ScreenerList } from "@/components/screener/screener-list";

export const metadata: Metadata = { title: "Screener" };

export default function ScreenerPage() {
  return <ScreenerList />;
}
