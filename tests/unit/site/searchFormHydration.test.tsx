/** @vitest-environment jsdom */
// The home page's search form is prerendered without dates (the build does not know today's).
// As a visitor on a slow phone meets it: what they typed before the page became interactive
// stays, the field they are in is left to them, and the other date gets today's default.
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicSettings } from "../../../src/backend/port";
import SearchForm from "../../../src/site/components/SearchForm";
import { setDocumentHydration } from "../../../src/site/lib/hydration";
import { SiteRouteProvider, staticLocation } from "../../../src/site/lib/siteRouter";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settings: Pick<PublicSettings, "locations" | "bookingRules"> = {
  locations: [{ id: "vilnius", name: "Vilniaus oro uostas" } as PublicSettings["locations"][number]],
  bookingRules: {
    leadTimeHours: 2,
    minDays: 1,
    maxDays: 90,
    maxAdvanceDays: 365,
    graceMinutes: 59,
    openingHour: 8,
    closingHour: 20,
  },
};

const page = () => (
  <SiteRouteProvider
    route={{
      location: staticLocation("http://localhost/"),
      params: {},
      settings: settings as PublicSettings,
      pageData: null,
    }}
  >
    <SearchForm idPrefix="home" settings={settings} />
  </SiteRouteProvider>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  setDocumentHydration(false);
});

/** The prerendered form in the document; `before` is what the visitor does before hydration. */
async function hydrate(before: (field: (id: string) => HTMLInputElement) => void) {
  setDocumentHydration(true);
  const container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const field = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
  expect(field("home-pickup-date").value).toBe("");
  before(field);
  await act(async () => {
    root = hydrateRoot(container, page());
  });
  setDocumentHydration(false);
  return field;
}

const isDate = /^\d{4}-\d{2}-\d{2}$/;

describe("paieškos forma tampa interaktyvi", () => {
  it("tuščios datos gauna šiandienos numatytąsias", async () => {
    const field = await hydrate(() => undefined);
    expect(field("home-pickup-date").value).toMatch(isDate);
    expect(field("home-return-date").value).toMatch(isDate);
    expect(field("home-return-date").value > field("home-pickup-date").value).toBe(true);
  });

  it("prieš tai įvesta data lieka, kita gauna numatytąją", async () => {
    const field = await hydrate((f) => {
      f("home-pickup-date").value = "2027-02-21";
    });
    expect(field("home-pickup-date").value).toBe("2027-02-21");
    expect(field("home-return-date").value).toMatch(isDate);
  });

  it("laukas, kuriame lankytojas rašo, neužpildomas (pilnas laukas nepriimtų jo klavišų)", async () => {
    const field = await hydrate((f) => f("home-pickup-date").focus());
    expect(document.activeElement?.id).toBe("home-pickup-date");
    expect(field("home-pickup-date").value).toBe("");
    expect(field("home-return-date").value).toMatch(isDate);
  });
});
