import { describe, expect, it } from "vitest";
import { depersonalizeHtml, depersonalizeText } from "./depersonalize";

const who = {
  addresses: ["zoe.obrien@paperboy.localhost", "zoe@personal.example"],
  names: ["Zoë O'Brien"],
  unsubscribeUrls: ["https://list.example/u/abc"],
};

describe("depersonalizeHtml", () => {
  it("greets nobody in particular and drops the name and addresses", () => {
    const html = depersonalizeHtml("<p>Hi Zoë O'Brien,</p><p>Dear Zoë, sent to zoe@personal.example &amp; friends</p>", who);
    expect(html).toBe("<p>Hi there,</p><p>Dear there, sent to  &amp; friends</p>");
  });

  it("drops personal links, keeps shared ones without tracking parameters", () => {
    const html = depersonalizeHtml(
      [
        '<a href="https://list.example/u/abc">Unsubscribe</a>',
        '<a href="https://list.example/manage?sid=12345">Manage</a>',
        '<a href="https://news.example/read?email=zoe%40personal.example">Web</a>',
        '<a href="https://news.example/post/42?utm_source=mail&amp;token=abc&amp;page=2">Post</a>',
        '<a href="https://u1.ct.sendgrid.net/ls/click?upn=abc">Tracked</a>',
        '<img src="https://pixel.example/i.png?u=zoe.obrien@paperboy.localhost">',
      ].join(""),
      who,
    );
    expect(html).toBe('<a>Unsubscribe</a><a>Manage</a><a>Web</a><a href="https://news.example/post/42?page=2">Post</a><a>Tracked</a>');
  });
});

describe("depersonalize on a mail merge that names the reader", () => {
  const alice = { addresses: ["alice.anders@paperboy.localhost"], names: ["Alice Anders"], unsubscribeUrls: [] };

  it("drops the first name where the merge addresses the reader, and the address's local part", () => {
    expect(depersonalizeText("Alice, your picks for this week", alice)).toBe("Your picks for this week");
    const html = depersonalizeHtml(
      "<p>Thanks for reading, Alice! Your account alice.anders is active. Signed up as alice.anders.</p>",
      alice,
    );
    expect(html).toBe("<p>Thanks for reading! Your account  is active. Signed up as .</p>");
  });

  it("keeps the same word where it is not the reader being addressed", () => {
    const mark = { addresses: ["markus@paperboy.localhost"], names: ["Mark Twain"], unsubscribeUrls: [] };
    expect(depersonalizeText("Mark your calendar: markus.example.com and newmarkus stay.", mark)).toBe(
      "Mark your calendar: markus.example.com and newmarkus stay.",
    );
  });
});

describe("depersonalizeHtml on links that name someone the recipient list does not know", () => {
  it("drops SendGrid and Sailthru tracked links and links whose query carries an address", () => {
    const html = [
      '<a href="https://u23463625.ct.sendgrid.net/ss/c/AX1lEgEQaxtvFxLaVo0GBo/3k5/3TFZmreTR0qKSCgowABnVg/h30/zzLik7UXd1H">Read</a>',
      '<a href="https://link.axios.com/click/29107110.531083/aHR0cDovL3d3dy5heGlvcy5jb20/5fx">Axios</a>',
      '<a href="mailto:?subject=From%20Axios&amp;body=hongbo-jcdrcby5e%40inbox-demo.omnivore.work%20has%20shared%20a%20story">Share</a>',
      '<a href="https://news.example/refer?friend=someone@elsewhere.example">Refer</a>',
      '<a href="mailto:editor@news.example">Write to us</a>',
    ].join("");
    expect(depersonalizeHtml(html, who)).toBe(
      '<a>Read</a><a>Axios</a><a>Share</a><a>Refer</a><a href="mailto:editor@news.example">Write to us</a>',
    );
  });
});

describe("depersonalizeText", () => {
  it("removes addresses and personal URLs from plain text", () => {
    expect(depersonalizeText("Hello Zoë O'Brien! Unsubscribe: https://list.example/u/abc Mail: zoe.obrien@paperboy.localhost", who)).toBe(
      "Hello there! Unsubscribe:  Mail: ",
    );
  });
});

describe("depersonalizeHtml on a copy that names nobody", () => {
  it("rewrites personal links and images and leaves the rest byte for byte", () => {
    const html = [
      "<style>.a{color:red}</style>",
      '<p class="x">Weekly notes &amp; links</p>',
      '<a href="https://list.example/u/abc" target="_blank">Unsubscribe</a>',
      '<a href="https://news.example/post/42?utm_source=mail&amp;page=2">Post</a>',
      '<img src="https://pixel.example/i.png?u=zoe.obrien@paperboy.localhost" />',
      '<img src="https://cdn.example/photo.jpg" alt="A photo" />',
    ].join("");
    expect(depersonalizeHtml(html, who)).toBe(
      [
        "<style>.a{color:red}</style>",
        '<p class="x">Weekly notes &amp; links</p>',
        '<a target="_blank">Unsubscribe</a>',
        '<a href="https://news.example/post/42?page=2">Post</a>',
        '<img src="https://cdn.example/photo.jpg" alt="A photo" />',
      ].join(""),
    );
  });
});
