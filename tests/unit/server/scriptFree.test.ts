// The script-free twin npm run bench:site measures each public page against.
import { describe, expect, it } from "vitest";
import { scriptFree } from "../../../scripts/lib/scriptFree";

describe("puslapis be skriptų (bench:site dvynys)", () => {
  it("pašalina vykdomus skriptus ir modulių išankstinį įkėlimą, palieka duomenų blokus, CSS ir turinį", () => {
    const html = [
      '<head><link rel="stylesheet" href="/assets/site.css"><link rel="modulepreload" href="/assets/a.js">',
      '<script type="application/ld+json">{"@type":"AutoRental"}</script></head>',
      "<body><main><h1>Automobilių nuoma</h1></main>",
      '<script src="/boot.js" defer data-entry="/assets/index.js"></script>',
      '<script type="application/json" id="route-data">{"cars":[]}</script>',
      "<script>window.x = 1;</script><SCRIPT type=module>import('/a.js')</SCRIPT></body>",
    ].join("");
    const twin = scriptFree(html);
    expect(twin).not.toMatch(/boot\.js|modulepreload|window\.x|import\(/i);
    expect(twin).toContain('<script type="application/ld+json">{"@type":"AutoRental"}</script>');
    expect(twin).toContain('<script type="application/json" id="route-data">{"cars":[]}</script>');
    expect(twin).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(twin).toContain("<h1>Automobilių nuoma</h1>");
  });
});
