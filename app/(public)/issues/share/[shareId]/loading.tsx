import { Spinner } from "@/components/ui/spinner";

export default function SharedIssueLoading() {
  return <Spinner label="Loading email..." className="min-h-screen" />;
}
