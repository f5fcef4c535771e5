// @vitest-environment jsdom
// Staff-written HTML: the write-time sanitiser (local server and the Firebase trigger) and the
// render-time one (site and admin editor, both adapters) keep the editor's tags and drop
// scripts, event attributes and javascript: links. Outputs are checked as a browser parses them.
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import { isSafeHref, RICH_TEXT_TAGS } from "../../../src/domain/richTextPolicy";
import { sanitizeRichTextForDisplay } from "../../../src/domain/richTextRender";
import { sanitizedRichTextFields, sanitizeRichText, sanitizeTextOrHtml } from "../../../src/domain/richTextSanitizer";

/** Attacks from the usual cheat sheets: each must come out harmless from both sanitisers. */
const ATTACKS = [
  "<script>alert(1)</script>",
  "<p>Sveiki<script>alert(1)</script></p>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//>",
  '<p onclick="alert(1)">Spauskite</p>',
  '<a href="javascript:alert(1)">čia</a>',
  '<a href="JaVaScRiPt:alert(1)">čia</a>',
  '<a href=" javascript:alert(1)">čia</a>',
  '<a href="java\tscript:alert(1)">čia</a>',
  '<a href="java&#x09;script:alert(1)">čia</a>',
  '<a href="&#106;avascript:alert(1)">čia</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">čia</a>',
  '<a href="javascript&colon;alert(1)">čia</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">čia</a>',
  '<a href="vbscript:msgbox(1)">čia</a>',
  '<a href="//blogis.lt">čia</a>',
  '<a href="/\\blogis.lt">čia</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<iframe src="https://blogis.lt"></iframe>',
  '<object data="x.swf"></object>',
  "<style>body{display:none}</style><p>Tekstas</p>",
  '<div style="background:url(javascript:alert(1))">Tekstas</div>',
  "<!--<script>alert(1)</script>--><p>Tekstas</p>",
  "<p>Tekstas<!-- <img src=x onerror=alert(1)> --></p>",
  "<![CDATA[<script>alert(1)</script>]]>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://ratunuoma.lt" onmouseover="alert(1)" style="x">nuoroda</a>',
  '<a href="https://ratunuoma.lt" target="_blank" rel="opener">nuoroda</a>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<p>Neuždaryta <strong>pastraipa",
  "</p></div><script>alert(1)</script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<<a href="javascript:alert(1)">čia</a>',
  '<a href="javascript:alert(1)"\n>čia</a>',
  '<a\nhref="javascript:alert(1)">čia</a>',
  "<a href=javascript:alert(1)>čia</a>",
  "<template><img src=x onerror=alert(1)></template>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
];

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "strong",
  "em",
  "u",
  "s",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "a",
  "blockquote",
]);

/** Everything the browser would build from the HTML, checked element by element. */
function assertHarmless(html: string): void {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    expect(ALLOWED_TAGS, `žymė <${tag}> iš ${html}`).toContain(tag);
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name, html).not.toMatch(/^on/i);
      expect(["href", "title", "target", "rel"], html).toContain(attribute.name);
    }
    const href = element.getAttribute("href");
    if (href !== null) expect(isSafeHref(href), `${href} iš ${html}`).toBe(true);
  }
  expect(template.content.textContent ?? "").not.toMatch(/alert\(1\)<\/script/i);
}

/** The browser's own serialisation: two strings are the same HTML when these are equal. */
function normalised(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
}

describe("saugus nuorodos adresas", () => {
  it("leidžia http, https, mailto, tel ir santykinius adresus, atmeta kitas schemas ir //adresus", () => {
    for (const safe of ["https://ratunuoma.lt", "http://a.lt/x?y=1#z", "mailto:info@ratunuoma.lt", "tel:+37060000000"])
      expect(isSafeHref(safe), safe).toBe(true);
    for (const safe of ["/automobiliai", "#kainos", "?puslapis=2", "kainos.html", "/kelias:su-dvitaskiu"])
      expect(isSafeHref(safe), safe).toBe(true);
    for (const unsafe of [
      "javascript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//blogis.lt",
      "\\\\blogis.lt",
      "/\\blogis.lt",
      "file:///etc/passwd",
    ])
      expect(isSafeHref(unsafe), JSON.stringify(unsafe)).toBe(false);
  });
});

describe("rašant: serverio ir Firebase trigerio valiklis (sanitize-html)", () => {
  it("pašalina skriptus, įvykių atributus ir javascript: nuorodas, palieka tekstą", () => {
    expect(sanitizeRichText('<p>Sveiki<script>alert(1)</script><img src=x onerror="alert(1)"></p>')).toBe(
      "<p>Sveiki</p>",
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">čia</a>')).toBe("<a>čia</a>");
    expect(sanitizeRichText('<h2 onmouseover="x">Antraštė</h2><p style="color:red">Tekstas</p>')).toBe(
      "<h2>Antraštė</h2><p>Tekstas</p>",
    );
    expect(sanitizeRichText('<a href="https://ratunuoma.lt" target="_blank">n</a>')).toBe(
      '<a href="https://ratunuoma.lt" target="_blank" rel="noopener noreferrer">n</a>',
    );
    expect(sanitizeRichText("<b>a</b><i>b</i><h1>c</h1><p> </p>")).toBe("<strong>a</strong><em>b</em><h2>c</h2>");
  });

  it("kiekviena ataka tampa nekenksminga", () => {
    for (const attack of ATTACKS) assertHarmless(sanitizeRichText(attack));
  });

  it("antrą kartą valant niekas nesikeičia (trigeris nesisuka ratu)", () => {
    for (const attack of ATTACKS) {
      const once = sanitizeRichText(attack);
      expect(sanitizeRichText(once), attack).toBe(once);
    }
  });

  it("paprastas tekstas su < ir & lieka koks buvo, tekstas su žymėmis valomas", () => {
    expect(sanitizeTextOrHtml("1. Nuoma & sąlygos\n\nNuomininkas < 21 m. moka papildomai.")).toBe(
      "1. Nuoma & sąlygos\n\nNuomininkas < 21 m. moka papildomai.",
    );
    expect(sanitizeTextOrHtml("<p>Apie mus<script>alert(1)</script></p>")).toBe("<p>Apie mus</p>");
  });

  it("sanitizedRichTextFields grąžina tik pakeistus laukus, o švariam dokumentui – null", () => {
    expect(sanitizedRichTextFields("news", { title: "<b>lieka</b>", body: "<p>Gerai</p><script>x</script>" })).toEqual({
      body: "<p>Gerai</p>",
    });
    expect(sanitizedRichTextFields("news", { body: "<p>Gerai</p>" })).toBeNull();
    expect(
      sanitizedRichTextFields("publicSettings", {
        terms: "Nuomininkas < 21 m.",
        about: '<p onclick="x">Apie</p>',
        privacy: "<p>Privatumas</p>",
      }),
    ).toEqual({ about: "<p>Apie</p>" });
    expect(sanitizedRichTextFields("cars", { description: "<script>x</script>" })).toBeNull();
    expect(sanitizedRichTextFields("offers", undefined)).toBeNull();
  });
});

describe("rodant: svetainės ir redaktoriaus valiklis (abiem adapteriams)", () => {
  it("pašalina skriptus, onerror ir javascript: nuorodas, palieka leistinas žymes ir saugias nuorodas", () => {
    expect(sanitizeRichTextForDisplay('<p>Sveiki<script>alert(1)</script><img src=x onerror="alert(1)"></p>')).toBe(
      "<p>Sveiki</p>",
    );
    expect(sanitizeRichTextForDisplay('<a href="javascript:alert(1)">čia</a>')).toBe("<a>čia</a>");
    expect(sanitizeRichTextForDisplay('<a href="&#106;avascript:alert(1)">čia</a>')).toBe("<a>čia</a>");
    expect(sanitizeRichTextForDisplay('<a href="https://ratunuoma.lt/?a=1&amp;b=2" onclick="x()">svetainė</a>')).toBe(
      '<a href="https://ratunuoma.lt/?a=1&amp;b=2">svetainė</a>',
    );
    expect(sanitizeRichTextForDisplay('<a href="https://ratunuoma.lt" target="_blank">n</a>')).toBe(
      '<a href="https://ratunuoma.lt" target="_blank" rel="noopener noreferrer">n</a>',
    );
    expect(sanitizeRichTextForDisplay("<B>a</B><i>b</i><h1>c</h1><br/><span>d</span>")).toBe(
      "<strong>a</strong><em>b</em><h2>c</h2><br>d",
    );
  });

  it("kiekviena ataka tampa nekenksminga", () => {
    for (const attack of ATTACKS) assertHarmless(sanitizeRichTextForDisplay(attack));
  });

  it("tekstą rodo kaip tekstą ir uždaro neuždarytas žymes", () => {
    expect(sanitizeRichTextForDisplay("<p>Kaina < 100 € & daugiau &amp; &#8364; > 0</p>")).toBe(
      "<p>Kaina &lt; 100 € &amp; daugiau &amp; &#8364; &gt; 0</p>",
    );
    expect(sanitizeRichTextForDisplay("<p>Neuždaryta <strong>pastraipa")).toBe(
      "<p>Neuždaryta <strong>pastraipa</strong></p>",
    );
    expect(sanitizeRichTextForDisplay("</p></div>Tekstas</ul>")).toBe("Tekstas");
    expect(sanitizeRichTextForDisplay("<ul><li>a<li>b</ul>")).toBe("<ul><li>a<li>b</li></li></ul>");
  });

  it("demonstracinių naujienų ir akcijų tekstai atrodo lygiai taip pat (jokio matomo pokyčio)", () => {
    // A fixed day: the demo texts come from the same data whatever the real date.
    const data = buildDemoData(new Date("2026-11-21T10:00:00.000Z"));
    const bodies = [...data.news.map((item) => item.doc.body), ...data.offers.map((offer) => offer.doc.body)];
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(normalised(sanitizeRichTextForDisplay(body)), body).toBe(normalised(body));
  });

  it("tai, ką išvalė serveris, rodomas be pakeitimų", () => {
    for (const attack of ATTACKS) {
      const stored = sanitizeRichText(attack);
      expect(normalised(sanitizeRichTextForDisplay(stored)), attack).toBe(normalised(stored));
    }
  });

  it("leidžiamos žymės – tos pačios kaip serverio valiklio", () => {
    for (const tag of RICH_TEXT_TAGS) {
      const html = tag === "br" ? "<br>" : `<${tag}>x</${tag}>`;
      const shown = sanitizeRichTextForDisplay(html);
      expect(shown, tag).toMatch(/^<(strong|em|\w+)>/);
    }
  });
});
