import { describe, expect, it } from "vitest";
import { chooseCatalogNewsletter, nameKey, newsletterIdentity, type CatalogCandidate, type NewsletterIdentity } from "./identity";

const bloomberg: CatalogCandidate[] = [
  { name: "Money Stuff", catalogKey: "money-stuff", host: "bloomberg.com" },
  { name: "Five Things to Start Your Day", catalogKey: "bloomberg-five-things", host: "bloomberg.com" },
];
const axios: CatalogCandidate[] = ["Axios Pro Rata", "Axios Markets", "Axios AM", "Axios PM"].map((name) => ({
  name,
  catalogKey: name.toLowerCase().replace(/ /g, "-"),
  host: "axios.com",
}));
const identity = (name: string, senderAddress: string, listId: string | null = null): NewsletterIdentity => ({
  listId,
  senderAddress,
  senderDomain: senderAddress.split("@")[1],
  name,
});

describe("choosing a catalog newsletter on the sender's domain", () => {
  it("files a List-Id naming another list as another newsletter, whatever the domain", () => {
    expect(
      chooseCatalogNewsletter(identity("Bloomberg", "noreply@news.bloomberg.com", "bigtake.bloomberg.com"), bloomberg),
    ).toBeUndefined();
  });

  it("files a List-Id naming the catalog's list under it", () => {
    expect(chooseCatalogNewsletter(identity("Bloomberg", "noreply@news.bloomberg.com", "moneystuff.bloomberg.com"), bloomberg)?.name).toBe(
      "Money Stuff",
    );
  });

  it("picks by the sender's name among several on one domain, and none when the name names none", () => {
    expect(chooseCatalogNewsletter(identity("Axios AM", "mike@axios.com"), axios)?.name).toBe("Axios AM");
    expect(chooseCatalogNewsletter(identity("Mike Allen", "mike@axios.com"), axios)).toBeUndefined();
    // "Axios" is in every one of them: that breaks no tie.
    expect(chooseCatalogNewsletter(identity("Axios", "news@axios.com"), axios)).toBeUndefined();
  });

  it("lets the domain decide when it holds one newsletter, unless a List-Id names another", () => {
    const lenny = [{ name: "Lenny's Newsletter", catalogKey: "lennys-newsletter", host: "lennysnewsletter.com" }];
    expect(chooseCatalogNewsletter(identity("Lenny Rachitsky", "lenny@news.lennysnewsletter.com"), lenny)?.name).toBe("Lenny's Newsletter");
    expect(chooseCatalogNewsletter(identity("Lenny", "lenny@news.lennysnewsletter.com", "news.lennysnewsletter.com"), lenny)?.name).toBe(
      "Lenny's Newsletter",
    );
    expect(
      chooseCatalogNewsletter(identity("Lenny", "lenny@news.lennysnewsletter.com", "podcast.lennysnewsletter.com"), lenny),
    ).toBeUndefined();
    // A List-Id of a mailing service (not on the publisher's domain) names nothing of theirs.
    expect(chooseCatalogNewsletter(identity("Lenny", "lenny@news.lennysnewsletter.com", "a1b2c3.list-id.mcsv.net"), lenny)?.name).toBe(
      "Lenny's Newsletter",
    );
  });

  it("compares names by their letters and digits", () => {
    expect(nameKey("The Big Take")).toBe(nameKey("bigtake"));
    expect(nameKey("Slow Chinese 每周漫闻")).toBe("slowchinese每周漫闻");
  });
});

describe("a Substack publication's name", () => {
  const substack = (name: string) => ({ name, address: "astralcodexten@substack.com" });
  const list = { listId: null, listName: null };
  const footer = "Thanks for subscribing to Astral Codex Ten. This post is public, so feel free to share it.\n";

  it("is the clean display name, not the footer that runs on", () => {
    expect(newsletterIdentity(substack("Astral Codex Ten"), list, footer).name).toBe("Astral Codex Ten");
    expect(newsletterIdentity(substack("Tic's Weekly Thoughts"), list, "Share Tic Toc Newsletter\n").name).toBe("Tic's Weekly Thoughts");
  });

  it("is the body's, cut at its first sentence, in a forward (which keeps the author's name) or without a display name", () => {
    expect(newsletterIdentity(substack("Andrew Methven"), list, "Share Slow Chinese 每周漫闻\n", true).name).toBe("Slow Chinese 每周漫闻");
    expect(newsletterIdentity(substack("Andrew Methven"), list, "Share Slow Chinese 每周漫闻\n").name).toBe("Andrew Methven");
    expect(newsletterIdentity(substack(""), list, footer).name).toBe("Astral Codex Ten");
    expect(newsletterIdentity(substack("Scott Alexander from Astral Codex Ten"), list, "").name).toBe("Astral Codex Ten");
  });
});
