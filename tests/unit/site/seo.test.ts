import { describe, expect, it } from "vitest";
import type { PublicCar } from "../../../src/backend/port";
import {
  absoluteUrl,
  canonicalPath,
  carJsonLd,
  clampDescription,
  fullTitle,
  headHtml,
  newsArticleJsonLd,
  openingHoursOf,
  organizationJsonLd,
  scriptJson,
} from "../../../src/site/lib/seo";

const BASE = "https://ratunuoma.lt";

describe("puslapio head", () => {
  it("kanoniniai keliai be užklausos ir galinio pasvirojo brūkšnio", () => {
    expect(canonicalPath("/automobiliai/")).toBe("/automobiliai");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("")).toBe("/");
    expect(absoluteUrl("/kontaktai", BASE)).toBe("https://ratunuoma.lt/kontaktai");
    expect(absoluteUrl("https://kitas.lt/x.png", BASE)).toBe("https://kitas.lt/x.png");
  });

  it("pavadinimuose prekės ženklas – tik vieną kartą", () => {
    expect(fullTitle("Kontaktai", "Ratų nuoma")).toBe("Kontaktai | Ratų nuoma");
    expect(fullTitle("Ratų nuoma – automobilių nuoma", "Ratų nuoma")).toBe("Ratų nuoma – automobilių nuoma");
  });

  it("aprašymai netenka žymėjimo ir baigiasi ties žodžio riba, arti 160 simbolių", () => {
    const text = `<p>${"Automobilių nuoma Vilniuje ir Kaune. ".repeat(10)}</p>`;
    const clamped = clampDescription(text);
    expect(clamped.length).toBeLessThanOrEqual(160);
    expect(clamped.endsWith("…")).toBe(true);
    expect(clamped).not.toContain("<");
    expect(clampDescription("Trumpas <b>tekstas</b>")).toBe("Trumpas tekstas");
  });

  it("head HTML ekranuoja reikšmes, o JSON-LD niekada negali uždaryti savo script elemento", () => {
    const html = headHtml(
      {
        title: 'Kelionė "į </title> kitur"',
        description: 'Aprašymas su <b> & kabutėmis "',
        jsonLd: [{ text: "</script><script>alert(1)</script>" }],
      },
      { brand: "Ratų nuoma", base: BASE, pathname: "/naujienos/kelione/" },
    );
    expect(html).toContain('<title>Kelionė "į &lt;/title&gt; kitur" | Ratų nuoma</title>');
    expect(html).toContain('content="Aprašymas su &lt;b&gt; &amp; kabutėmis &quot;"');
    expect(html).toContain('<link rel="canonical" href="https://ratunuoma.lt/naujienos/kelione" />');
    expect(html).toContain('<meta property="og:url" content="https://ratunuoma.lt/naujienos/kelione" />');
    expect(html).not.toContain("</script><script>");
    expect(scriptJson({ a: "</script>" })).toBe('{"a":"\\u003c/script>"}');
  });
});

describe("schema.org", () => {
  it("darbo laikas schema.org formatu arba jokio, kai tekstas nesuprantamas", () => {
    expect(openingHoursOf("I–V 8:00–20:00, VI–VII 9:00–18:00")).toEqual(["Mo-Fr 08:00-20:00", "Sa-Su 09:00-18:00"]);
    expect(openingHoursOf("Kasdien 6:00–24:00, pagal skrydžio laiką")).toEqual(["Mo-Su 06:00-24:00"]);
    expect(openingHoursOf("VI 10:00–14:00")).toEqual(["Sa 10:00-14:00"]);
    expect(openingHoursOf("Pagal skrydžio laiką, iš anksto suderinus")).toBeNull();
    expect(openingHoursOf("Darbo dienomis nuo ryto")).toBeNull();
    expect(openingHoursOf("")).toBeNull();
  });

  it("įmonė kaip AutoRental su adresu, kodais ir vietomis", () => {
    const node = organizationJsonLd(
      {
        company: {
          name: "UAB „Ratų nuoma“",
          brand: "Ratų nuoma",
          companyCode: "305184726",
          vatCode: "LT185247318",
          address: "Kalvarijų g. 125, LT-08221 Vilnius",
          phones: ["+370 5 214 3350"],
          emails: ["info@ratunuoma.lt"],
          hours: "I–V 8:00–20:00",
        },
        locations: [
          { id: "a", name: "Vilniaus oro uostas", address: "Rodūnios kelias 10A, LT-02188 Vilnius" } as never,
        ],
      },
      BASE,
    );
    expect(node["@type"]).toBe("AutoRental");
    expect(node.legalName).toBe("UAB „Ratų nuoma“");
    expect(node.vatID).toBe("LT185247318");
    expect(node.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Kalvarijų g. 125",
      postalCode: "LT-08221",
      addressLocality: "Vilnius",
      addressCountry: "LT",
    });
    expect((node.department as unknown[]).length).toBe(1);
    expect(node.openingHours).toEqual(["Mo-Fr 08:00-20:00"]);
  });

  it("automobilis kaip Product + Car su paros kaina kaip Offer", () => {
    const car = {
      slug: "skoda-fabia",
      make: "Škoda",
      model: "Fabia",
      year: 2024,
      category: "ekonominė",
      transmission: "mechaninė",
      fuel: "benzinas",
      seats: 5,
      doors: 5,
      description: "Taupus miesto automobilis.",
      images: ["cars/skoda-fabia-1.svg"],
      priceFrom: 20,
      tiers: [
        { fromDays: 1, toDays: 3, dailyRate: 33 },
        { fromDays: 4, toDays: null, dailyRate: 20 },
      ],
    } as unknown as PublicCar;
    const node = carJsonLd(car, { base: BASE, imageUrl: (p) => `/files/${p}`, seller: "Ratų nuoma" });
    expect(node["@type"]).toEqual(["Product", "Car"]);
    expect(node.name).toBe("Škoda Fabia");
    expect(node.image).toEqual(["https://ratunuoma.lt/files/cars/skoda-fabia-1.svg"]);
    expect(node.offers).toMatchObject({
      "@type": "Offer",
      price: "20.00",
      priceCurrency: "EUR",
      url: "https://ratunuoma.lt/automobiliai/skoda-fabia",
      priceSpecification: { maxPrice: "33.00", unitCode: "DAY", valueAddedTaxIncluded: true },
    });
    expect(carJsonLd({ ...car, priceFrom: null }, { base: BASE, imageUrl: (p) => p, seller: "x" }).offers).toBe(
      undefined,
    );
  });

  it("naujiena kaip NewsArticle", () => {
    const node = newsArticleJsonLd(
      {
        title: "Nauji automobiliai",
        slug: "nauji-automobiliai",
        excerpt: "Parką papildė hibridai.",
        image: "cars/x.svg",
        publishedAt: "2026-10-01T09:00:00.000Z",
      },
      { base: BASE, imageUrl: (p) => `/files/${p}`, publisher: "UAB „Ratų nuoma“" },
    );
    expect(node).toMatchObject({
      "@type": "NewsArticle",
      headline: "Nauji automobiliai",
      datePublished: "2026-10-01T09:00:00.000Z",
      mainEntityOfPage: "https://ratunuoma.lt/naujienos/nauji-automobiliai",
      image: ["https://ratunuoma.lt/files/cars/x.svg"],
    });
  });
});
