import { describe, expect, it } from "vitest";
import { repairMojibake } from "./charset";

describe("repairMojibake", () => {
  it("reads UTF-8 bytes mislabelled as Latin-1 or Windows-1252", () => {
    expect(repairMojibake("CafÃ© crÃ¨me")).toBe("Café crème");
    expect(repairMojibake("DISCOVERÃ† CARD")).toBe("DISCOVERÆ CARD");
    expect(repairMojibake("â€œquotedâ€\u009d")).toBe("“quoted”");
  });

  it("leaves real Latin-1 text and other scripts alone", () => {
    expect(repairMojibake("À bientôt, chère lectrice")).toBe("À bientôt, chère lectrice");
    expect(repairMojibake("Ãs a name")).toBe("Ãs a name");
    expect(repairMojibake("今週のニュース")).toBe("今週のニュース");
  });
});
