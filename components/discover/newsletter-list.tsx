import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api/client";
import type { Newsletter } from "@/lib/client/newsletters";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { Carousel } from "./carousel";
import { NewsletterCard } from "./newsletter-card";

type Props = {
  query: UseQueryResult<Newsletter[]>;
  empty: string;
  label: string;
  onSubscribe: (newsletter: Newsletter) => void;
  layout?: "carousel" | "grid";
};

/**
 * A list of newsletter cards with its loading, error and empty states; a carousel scrolls sideways,
 * with room above the cards for a focused card's ring, which the scrolling box would otherwise cut.
 */
export function NewsletterList({ query, empty, label, onSubscribe, layout = "carousel" }: Props) {
  if (query.isPending) return <Spinner label="Loading newsletters..." className="py-10" />;
  if (query.isError) return <Alert>{errorMessage(query.error, "Failed to fetch newsletters")}</Alert>;
  if (query.data.length === 0)
    return (
      <p className="rounded-xl bg-white px-4 py-8 text-center text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400">{empty}</p>
    );
  const cards = query.data.map((newsletter) => (
    <li key={newsletter.id} className={layout === "grid" ? "flex" : "flex w-72 max-w-[85vw] shrink-0 snap-start"}>
      <NewsletterCard newsletter={newsletter} onSubscribe={onSubscribe} className="w-full" />
    </li>
  ));
  if (layout === "carousel") return <Carousel label={label}>{cards}</Carousel>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {cards}
    </ul>
  );
}
