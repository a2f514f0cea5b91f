import type { Metadata } from "next";
import { SubscriptionsView } from "@/components/subscriptions/subscriptions-view";

export const metadata: Metadata = { title: "My Subscriptions" };

export default function SubscriptionsPage() {
  return <SubscriptionsView />;
}
