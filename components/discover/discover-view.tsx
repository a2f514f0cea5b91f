"use client";

import { useState } from "react";
import { useFeaturedNewsletters, useNewsletterSearch, useRecommendedNewsletters, type Newsletter } from "@/lib/client/newsletters";
import { useSubscribeFlow } from "../newsletter/subscribe-flow";
import { Alert } from "../ui/alert";
import { inputClass } from "../ui/button";
import { CategoryBrowser } from "./category-browser";
import { NewsletterList } from "./newsletter-list";
import { isSearching, SEARCH_DEBOUNCE_MS, searchTerm } from "./search";
import { Section } from "./section";
import { TrendingIssues } from "./trending-issues";
import { useDebouncedValue } from "./use-debounced-value";

export function DiscoverView() {
  const [input, setInput] = useState("");
  const term = useDebouncedValue(searchTerm(input), SEARCH_DEBOUNCE_MS);
  const flow = useSubscribeFlow();

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="space-y-2">
        <label htmlFor="discover-search" className="sr-only">
          Search newsletters
        </label>
        <input
          id="discover-search"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Search newsletters by name, publisher or topic"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      {flow.notice && <Alert tone={flow.notice.tone}>{flow.notice.text}</Alert>}
      {isSearching(term) ? <SearchResults term={term} onSubscribe={flow.start} /> : <Sections onSubscribe={flow.start} />}
      {flow.dialog}
    </div>
  );
}

function SearchResults({ term, onSubscribe }: { term: string; onSubscribe: (newsletter: Newsletter) => void }) {
  const results = useNewsletterSearch(term);
  return (
    <Section id="search" title={`Results for "${term}"`}>
      <NewsletterList
        query={results}
        layout="grid"
        label="Search results"
        empty="No newsletters found for your search."
        onSubscribe={onSubscribe}
      />
    </Section>
  );
}

function Sections({ onSubscribe }: { onSubscribe: (newsletter: Newsletter) => void }) {
  const featured = useFeaturedNewsletters();
  const recommended = useRecommendedNewsletters();
  return (
    <>
      <Section id="featured" title="Featured">
        <NewsletterList query={featured} label="Featured newsletters" empty="No newsletters to display." onSubscribe={onSubscribe} />
      </Section>
      <TrendingIssues />
      <Section id="recommended" title="Recommended for you">
        <NewsletterList query={recommended} label="Recommended newsletters" empty="No newsletters to display." onSubscribe={onSubscribe} />
      </Section>
      <CategoryBrowser onSubscribe={onSubscribe} />
    </>
  );
}
