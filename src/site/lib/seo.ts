// What search engines and link previews read: the page head (title, description, canonical,
// Open Graph) and schema.org JSON-LD. Pure functions, shared by the browser (client-side
// navigation updates the head) and scripts/prerender.ts (writes it into the static HTML).
import type { PublicCar, PublicSettings, WithId } from "../../backend/port";
import type { News } from "../../domain/schemas";
import { absoluteUrl, canonicalPath } from "./siteUrl";

export type JsonLd = Record<string, unknown>;

export interface PageHead {
  /** the page's own title; the brand is appended */
  title: string;
  description: string;
  /** Open Graph type */
  type?: "website" | "article" | "product";
  /** an image path or URL for link previews */
  image?: string | null;
  /** page-specific schema.org objects */
  jsonLd?: JsonLd[];
  /** keep the page out of search results (login) */
  noindex?: boolean;
}

export { absoluteUrl, canonicalPath, DEFAULT_PUBLIC_URL, getSiteBaseUrl, setSiteBaseUrl } from "./siteUrl";

export function fullTitle(title: string, brand: string): string {
  if (!title) return brand;
  return title.includes(brand) ? title : `${title} | ${brand}`;
}

/** A description trimmed to what result pages show (about 160 characters), on a word boundary. */
export function clampDescription(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[,;:–-]+$/, "")}…`;
}

const money = (amount: number): string => amount.toFixed(2);

const ROMAN_DAYS: Record<string, string> = { I: "Mo", II: "Tu", III: "We", IV: "Th", V: "Fr", VI: "Sa", VII: "Su" };
const pad2 = (value: string) => value.padStart(2, "0");

/**
 * Lithuanian opening hours ("I–V 8:00–20:00, VI–VII 9:00–18:00", "Kasdien 6:00–24:00") in
 * schema.org's form (["Mo-Fr 08:00-20:00", "Sa-Su 09:00-18:00"]); null when a part is not understood.
 */
export function openingHoursOf(text: string | null | undefined): string[] | null {
  if (!text) return null;
  const parts: string[] = [];
  for (const chunk of text.split(/[,;]/)) {
    const part = chunk.trim();
    if (!part || /^(pagal|iš anksto)/i.test(part)) continue;
    const match = /^(kasdien|[IVX]+(?:\s*[–-]\s*[IVX]+)?)\s+(\d{1,2}):(\d{2})\s*[–-]\s*(\d{1,2}):(\d{2})$/i.exec(part);
    if (!match) return null;
    const [, days = "", h1 = "", m1 = "", h2 = "", m2 = ""] = match;
    let range: string;
    if (/^kasdien$/i.test(days)) range = "Mo-Su";
    else {
      const [from = "", to] = days.split(/\s*[–-]\s*/).map((day) => ROMAN_DAYS[day.toUpperCase()]);
      if (!from || (to === undefined && days.includes("-"))) return null;
      range = to ? `${from}-${to}` : from;
    }
    parts.push(`${range} ${pad2(h1)}:${m1}-${pad2(h2)}:${m2}`);
  }
  return parts.length > 0 ? parts : null;
}

function postalAddress(address: string): JsonLd {
  // "Kalvarijų g. 125, LT-08221 Vilnius" -> street, postal code, town.
  const match = /^(.*?),\s*(LT-?\d{5})\s+(.+)$/.exec(address.trim());
  if (!match) return { "@type": "PostalAddress", streetAddress: address, addressCountry: "LT" };
  return {
    "@type": "PostalAddress",
    streetAddress: match[1],
    postalCode: match[2],
    addressLocality: match[3],
    addressCountry: "LT",
  };
}

/** The rental company: every page carries it. */
export function organizationJsonLd(settings: Pick<PublicSettings, "company" | "locations">, base: string): JsonLd {
  const { company, locations } = settings;
  const node: JsonLd = {
    "@context": "https://schema.org",
    "@type": "AutoRental",
    "@id": `${base}/#imone`,
    name: company.brand,
    legalName: company.name,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    image: `${base}/favicon.svg`,
    address: postalAddress(company.address),
    taxID: company.companyCode,
    vatID: company.vatCode,
    priceRange: "€€",
    currenciesAccepted: "EUR",
    areaServed: { "@type": "Country", name: "Lietuva" },
  };
  if (company.phones[0]) node.telephone = company.phones[0];
  if (company.emails[0]) node.email = company.emails[0];
  const hours = openingHoursOf(company.hours);
  if (hours) node.openingHours = hours;
  if (company.facebook) node.sameAs = [company.facebook];
  if (locations.length > 0) {
    node.department = locations.map((location) => ({
      "@type": "AutoRental",
      name: `${company.brand}: ${location.name}`,
      address: postalAddress(location.address),
      ...(openingHoursOf(location.hours) ? { openingHours: openingHoursOf(location.hours) } : {}),
    }));
  }
  return node;
}

export function breadcrumbJsonLd(crumbs: { name: string; path: string }[], base: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, base),
    })),
  };
}

type CarForLd = Pick<
  PublicCar,
  | "slug"
  | "make"
  | "model"
  | "year"
  | "category"
  | "transmission"
  | "fuel"
  | "seats"
  | "doors"
  | "description"
  | "images"
  | "priceFrom"
  | "tiers"
>;

const FUEL_TYPES: Record<string, string> = {
  benzinas: "Benzinas",
  dyzelinas: "Dyzelinas",
  hibridas: "Hibridas",
  elektra: "Elektra",
};

/** A car as schema.org Product + Car, with the daily price as an Offer. */
export function carJsonLd(
  car: CarForLd,
  options: { base: string; imageUrl: (path: string) => string; seller: string; context?: boolean },
): JsonLd {
  const url = `${options.base}/automobiliai/${car.slug}`;
  const name = `${car.make} ${car.model}`;
  const node: JsonLd = {
    "@type": ["Product", "Car"],
    "@id": `${url}#automobilis`,
    name,
    url,
    brand: { "@type": "Brand", name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    bodyType: car.category,
    fuelType: FUEL_TYPES[car.fuel] ?? car.fuel,
    vehicleTransmission: car.transmission,
    seatingCapacity: car.seats,
    numberOfDoors: car.doors,
    category: car.category,
  };
  if (options.context !== false) node["@context"] = "https://schema.org";
  if (car.description) node.description = clampDescription(car.description, 300);
  if (car.images.length > 0) node.image = car.images.map((path) => absoluteUrl(options.imageUrl(path), options.base));
  if (car.priceFrom !== null) {
    const highest = car.tiers.reduce((max, tier) => Math.max(max, tier.dailyRate), car.priceFrom);
    node.offers = {
      "@type": "Offer",
      url,
      price: money(car.priceFrom),
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      seller: { "@type": "AutoRental", name: options.seller },
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: money(car.priceFrom),
        maxPrice: money(highest),
        priceCurrency: "EUR",
        valueAddedTaxIncluded: true,
        unitCode: "DAY",
        unitText: "parai",
      },
    };
  }
  return node;
}

/** The catalogue: every car with its offer price. */
export function carListJsonLd(
  cars: CarForLd[],
  options: { base: string; imageUrl: (path: string) => string; seller: string; name: string },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: options.name,
    numberOfItems: cars.length,
    itemListElement: cars.map((car, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: carJsonLd(car, { ...options, context: false }),
    })),
  };
}

export function newsArticleJsonLd(
  article: Pick<WithId<News>, "title" | "slug" | "excerpt" | "image" | "publishedAt"> & { updatedAt?: string },
  options: { base: string; imageUrl: (path: string) => string; publisher: string },
): JsonLd {
  const url = `${options.base}/naujienos/${article.slug}`;
  const publisher = {
    "@type": "Organization",
    name: options.publisher,
    logo: { "@type": "ImageObject", url: `${options.base}/favicon.svg` },
  };
  const node: JsonLd = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title.slice(0, 110),
    url,
    mainEntityOfPage: url,
    inLanguage: "lt",
    author: { "@type": "Organization", name: options.publisher, url: `${options.base}/` },
    publisher,
  };
  if (article.excerpt) node.description = clampDescription(article.excerpt, 300);
  if (article.publishedAt) node.datePublished = article.publishedAt;
  if (article.updatedAt ?? article.publishedAt) node.dateModified = article.updatedAt ?? article.publishedAt;
  if (article.image) node.image = [absoluteUrl(options.imageUrl(article.image), options.base)];
  return node;
}

/** `<` escaped so the JSON can never close the script element it sits in. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const escapeAttr = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string): string => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The head tags of a prerendered page, as HTML. */
export function headHtml(
  head: PageHead,
  options: { brand: string; base: string; pathname: string; siteJsonLd?: JsonLd[] },
): string {
  const title = fullTitle(head.title, options.brand);
  const url = absoluteUrl(canonicalPath(options.pathname), options.base);
  const tags = [
    `<title>${escapeText(title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    head.noindex ? `<meta name="robots" content="noindex, nofollow" />` : "",
    `<meta property="og:type" content="${head.type ?? "website"}" />`,
    `<meta property="og:site_name" content="${escapeAttr(options.brand)}" />`,
    `<meta property="og:locale" content="lt_LT" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    head.image ? `<meta property="og:image" content="${escapeAttr(absoluteUrl(head.image, options.base))}" />` : "",
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    ...(options.siteJsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    // data-page: the browser replaces these when the visitor moves to another page.
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json" data-page>${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join("\n    ");
}
