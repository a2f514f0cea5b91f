"use client";

import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCategories, useCategoryNewsletters, type Category, type Newsletter } from "@/lib/client/newsletters";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { activeSection } from "./active-section";
import { NewsletterList } from "./newsletter-list";
import { Section } from "./section";

const sectionId = (category: Category) => `category-${category.id}`;

/** Browse-by-category chips above one carousel per category; the chip follows the reader's scroll. */
export function CategoryBrowser({ onSubscribe }: { onSubscribe: (newsletter: Newsletter) => void }) {
  const categories = useCategories();
  const active = useActiveSection(categories.data?.map(sectionId) ?? []);

  if (categories.isPending) return <Spinner label="Loading categories..." className="py-8" />;
  if (categories.isError) return <Alert>{errorMessage(categories.error, "Failed to fetch categories")}</Alert>;
  return (
    // The chips stay sticky only within their parent, so it holds every category section too.
    <div className="space-y-8">
      <h2 className="-mb-6 text-lg font-semibold text-slate-900 dark:text-white">Browse by category</h2>
      <CategoryChips categories={categories.data} active={active.id} onPick={active.pick} />
      {categories.data.map((category) => (
        <CategorySection key={category.id} category={category} onSubscribe={onSubscribe} />
      ))}
    </div>
  );
}

function CategoryChips({ categories, active, onPick }: { categories: Category[]; active: string | null; onPick: (id: string) => void }) {
  const bar = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = bar.current;
    const chip = active ? list?.querySelector<HTMLElement>(`[data-section="${active}"]`) : null;
    if (!list || !chip) return;
    // Only the chip bar moves; scrollIntoView would also scroll the page the reader is reading.
    list.scrollTo({ left: chip.offsetLeft - list.clientWidth / 2 + chip.offsetWidth / 2, behavior: "smooth" });
  }, [active]);

  return (
    <nav
      aria-label="Categories"
      className="sticky top-16 z-20 -mx-4 border-b border-slate-200 bg-slate-50/95 py-2 backdrop-blur sm:-mx-6 lg:-mx-8 dark:border-slate-800 dark:bg-slate-950/95"
    >
      <ul ref={bar} className="flex gap-2 overflow-x-auto px-4 pb-1 sm:px-6 lg:px-8 [scrollbar-width:thin]">
        {categories.map((category) => {
          const id = sectionId(category);
          const current = id === active;
          return (
            <li key={category.id} data-section={id} className="shrink-0">
              <a
                href={`#${id}`}
                aria-current={current ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onPick(id);
                  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
                }}
                className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                  current
                    ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500"
                    : "border-slate-300 bg-white text-slate-700 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
                }`}
              >
                <span aria-hidden="true">{category.emoji}</span>
                {category.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CategorySection({ category, onSubscribe }: { category: Category; onSubscribe: (newsletter: Newsletter) => void }) {
  const newsletters = useCategoryNewsletters(category.id);
  return (
    <div id={sectionId(category)} data-category-section className="scroll-mt-32">
      <Section
        id={`${sectionId(category)}-list`}
        title={
          <>
            <span aria-hidden="true">{category.emoji}</span> {category.name}
          </>
        }
      >
        <NewsletterList
          query={newsletters}
          label={category.name}
          empty="No newsletters found for this category."
          onSubscribe={onSubscribe}
        />
      </Section>
    </div>
  );
}

/** Marks active the category section crossing a band a third of the way down the viewport, or the last one at the foot of the page. */
function useActiveSection(order: string[]) {
  const [id, setId] = useState<string | null>(null);
  const key = order.join(",");

  useEffect(() => {
    const ids = key ? key.split(",") : [];
    if (ids.length === 0) return;
    const visible = new Set<string>();
    let lastShownAtFoot = false;
    const update = () => setId((previous) => activeSection(ids, visible, previous, lastShownAtFoot));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        update();
      },
      { rootMargin: "-30% 0px -60% 0px" },
    );
    for (const sectionKey of ids) {
      const node = document.getElementById(sectionKey);
      if (node) observer.observe(node);
    }
    // The last sections may sit below the band even when the page is scrolled as far as it goes.
    const onScroll = () => {
      const root = document.documentElement;
      const atFoot = window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      const last = document.getElementById(ids[ids.length - 1]);
      const shown = atFoot && last !== null && last.getBoundingClientRect().top < window.innerHeight;
      if (shown === lastShownAtFoot) return;
      lastShownAtFoot = shown;
      update();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, [key]);

  return { id, pick: setId };
}
