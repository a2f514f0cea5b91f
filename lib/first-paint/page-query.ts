/** A page's `searchParams` as Next.js hands them to a server component. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The same query as the browser's `useSearchParams()` reads it, so the server draws what the page would fetch. */
export function pageQuery(searchParams: PageSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, each);
  }
  return query;
}
