import { afterEach, describe, expect, it, vi } from "vitest";
import { putInteraction } from "./issues";

type Held = { url: string; body: unknown; answer: (status: number) => void };

/** A fetch that holds every request until the test answers it. */
function holdingFetch(): Held[] {
  const held: Held[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    return new Promise<Response>((resolve) => {
      held.push({
        url,
        body: JSON.parse(String(init.body)),
        answer: (status) => resolve(new Response(JSON.stringify(status === 200 ? { id: 1 } : { detail: "no" }), { status })),
      });
    });
  });
  return held;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("putInteraction", () => {
  it("sends one issue's changes one after another, in the order made, even when one fails", async () => {
    const held = holdingFetch();
    const opened = putInteraction(7, { is_read: true });
    const unread = putInteraction(7, { is_read: false });
    const again = putInteraction(7, { is_read: true });
    await settle();
    expect(held.map((request) => request.body)).toEqual([{ is_read: true }]);

    held[0]!.answer(500);
    await expect(opened).rejects.toThrow("no");
    await settle();
    expect(held.map((request) => request.body)).toEqual([{ is_read: true }, { is_read: false }]);

    held[1]!.answer(200);
    await expect(unread).resolves.toEqual({ id: 1 });
    await settle();
    expect(held.map((request) => request.body)).toEqual([{ is_read: true }, { is_read: false }, { is_read: true }]);
    held[2]!.answer(200);
    await expect(again).resolves.toEqual({ id: 1 });
  });

  it("does not hold one issue's change behind another issue's", async () => {
    const held = holdingFetch();
    void putInteraction(8, { is_liked: true });
    void putInteraction(9, { is_liked: true });
    await settle();
    expect(held.map((request) => request.url)).toEqual(["/api/issues/8/interactions", "/api/issues/9/interactions"]);
    held.forEach((request) => request.answer(200));
  });
});
