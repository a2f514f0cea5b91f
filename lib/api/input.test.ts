import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BadRequestError, NotFoundError, PayloadTooLargeError, ValidationError } from "./errors";
import { declaredLength, mediaType, parseInput, readJson } from "./input";

const post = (body: string, headers: Record<string, string> = {}) => new Request("http://app.test/api", { method: "POST", body, headers });

/** What `run` threw, for assertions on its class and fields. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("readJson", () => {
  it("reads a JSON object, and an empty body as {}", async () => {
    expect(await readJson(post('{"a":[1,{"b":null}]}'))).toEqual({ a: [1, { b: null }] });
    expect(await readJson(post("  "))).toEqual({});
  });

  it("refuses malformed JSON and anything but an object with 400", async () => {
    for (const [body, detail] of [
      ["{", "Malformed JSON body"],
      ["[1]", "The body must be a JSON object"],
      ["null", "The body must be a JSON object"],
      ['"text"', "The body must be a JSON object"],
    ]) {
      const error = await thrown(() => readJson(post(body)));
      expect(error, body).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, detail });
    }
  });

  it("refuses a body nested deeper than 32 levels, and takes one of 32", async () => {
    // The object is level 1, each array inside it one more.
    const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
    expect(await readJson(post(nested(32)))).toBeTruthy();
    expect(await thrown(() => readJson(post(nested(33))))).toMatchObject({
      status: 400,
      detail: "The body must not nest deeper than 32 levels",
    });
  });

  it("refuses past 1 MiB with 413, by the declared length before reading, and by the bytes read", async () => {
    expect(await thrown(() => readJson(post("{}", { "content-length": "1048577" })))).toBeInstanceOf(PayloadTooLargeError);
    expect(await thrown(() => readJson(post(`{"a":"${"é".repeat(524_288)}"}`)))).toBeInstanceOf(PayloadTooLargeError);
  });
});

describe("mediaType and declaredLength", () => {
  it("read the type without its parameters, lower case, and the declared length, 0 when absent or not a number", () => {
    expect(mediaType(new Headers({ "content-type": " Application/MBOX ; charset=utf-8" }))).toBe("application/mbox");
    expect(mediaType(new Headers())).toBe("");
    expect(declaredLength(new Headers({ "content-length": "42" }))).toBe(42);
    expect(declaredLength(new Headers())).toBe(0);
    expect(declaredLength(new Headers({ "content-length": "lots" }))).toBe(0);
  });
});

describe("parseInput", () => {
  // The e-mail comes first, so only the sort puts the blank name before it.
  const Body = z.object({
    email: z.email("Enter an e-mail."),
    name: z.string().min(1, "Enter a name."),
    kind: z.enum(["a", "b"]).optional(),
  });

  it("answers the parsed value", () => {
    expect(parseInput(Body, { name: "Ann", email: "ann@example.com", extra: 1 }, "body")).toEqual({
      name: "Ann",
      email: "ann@example.com",
    });
  });

  it("answers 404 for params that do not parse or cannot be stored: they name nothing", () => {
    const Params = z.object({ id: z.string().regex(/^\d+$/) });
    expect(thrownSync(() => parseInput(Params, { id: "x" }, "params"))).toBeInstanceOf(NotFoundError);
    expect(thrownSync(() => parseInput(z.object({ id: z.string() }), { id: "a\u0000" }, "params"))).toBeInstanceOf(NotFoundError);
  });

  it("answers 400 for a value given but not on an enum's list", () => {
    expect(thrownSync(() => parseInput(Body, { name: "Ann", email: "ann@example.com", kind: "c" }, "body"))).toMatchObject({
      status: 400,
      detail: "Unknown value for kind",
    });
  });

  it("answers 422 listing every field, blank ones first, the first one's message as detail", () => {
    const error = thrownSync(() => parseInput(Body, { email: "not an address", name: "" }, "query"));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      detail: "Enter a name.",
      errors: [
        { field: "name", message: "Enter a name." },
        { field: "email", message: "Enter an e-mail." },
      ],
    });
  });

  it("answers 422 naming the field of text PostgreSQL cannot store (NUL, an unpaired surrogate)", () => {
    const Nested = z.object({ items: z.array(z.object({ note: z.string() })) });
    expect(thrownSync(() => parseInput(Nested, { items: [{ note: "ok" }, { note: "bad\u0000" }] }, "body"))).toMatchObject({
      status: 422,
      errors: [{ field: "items.1.note", message: "items.1.note cannot contain NUL characters or broken Unicode." }],
    });
    expect(thrownSync(() => parseInput(z.string(), "\ud800", "body"))).toMatchObject({ errors: [{ field: "body" }] });
  });
});

function thrownSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
