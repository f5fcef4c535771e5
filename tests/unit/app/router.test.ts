// The real route table and router builder, run in a memory router against an in-memory
// implementation of the backend port (the router is what is under test, not the backend).
import { createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_ROUTES } from "../../../src/app/adminRoutes";
import { registerGuard } from "../../../src/app/guards";
import { describeRouteError, isHttpErrorResponse } from "../../../src/app/httpErrors";
import { createAppRoutes, matchAppRoute } from "../../../src/app/router";
import { type AppRoute, matchPublicRoute, PUBLIC_ROUTES } from "../../../src/app/routes";
import type { Backend, PublicCar, PublicSettings, SessionUser } from "../../../src/backend/port";
import { loadSitePage } from "../../../src/site/app/siteData";
import { memoryBackend as backendWith } from "../../helpers/memoryBackend";

const CAR_ID = "25239e32-7f21-52dd-ac80-9f8ef21ea6d9";
const car: PublicCar = {
  id: CAR_ID,
  slug: "toyota-yaris",
  make: "Toyota",
  model: "Yaris",
  year: 2024,
  category: "ekonominė",
  transmission: "automatinė",
  fuel: "hibridas",
  seats: 5,
  doors: 5,
  bags: 2,
  airConditioning: true,
  features: [],
  description: "",
  images: [],
  status: "active",
  sortOrder: 0,
  minDriverAge: 21,
  minLicenceYears: 2,
  deposit: 200,
  mileageLimitPerDay: null,
  longTermMonthlyPrice: 520,
  priceFrom: 20,
  tiers: [{ fromDays: 1, toDays: null, dailyRate: 30 }],
};
const settings: PublicSettings = {
  company: {
    name: "UAB „Bandymas“",
    brand: "Bandymas",
    companyCode: "123456789",
    vatCode: "LT123456789",
    address: "Gatvė 1, Vilnius",
    phones: [],
    emails: [],
    hours: "",
  },
  locations: [],
  extras: [],
  terms: "Sąlygos",
  about: "Apie",
  privacy: "",
  bookingRules: {
    leadTimeHours: 2,
    minDays: 1,
    maxDays: 90,
    maxAdvanceDays: 365,
    graceMinutes: 60,
    openingHour: 8,
    closingHour: 20,
  },
};

function memoryBackend(user: SessionUser | null): Backend {
  return backendWith({
    car,
    settings,
    user,
    site: {
      newsItem: async (slug) => (slug === article.slug ? article : null),
      submitRequest: async () => ({ id: "x" }),
    },
  });
}

const article = {
  id: "0e42a3dd-0913-5da9-a956-d97fa2ca1dc2",
  title: "Vasaros akcija",
  slug: "vasaros-akcija",
  excerpt: "",
  body: "<p>Tekstas</p>",
  image: null,
  publishedAt: "2026-06-01T09:00:00.000Z",
  status: "published" as const,
};

const staff: SessionUser = { id: CAR_ID, email: "darbuotojas@example.lt", name: "Darbuotojas", role: "staff" };
const lightAdminApp = async () => ({ default: () => null });

async function visit(path: string, backend: Backend, extra: Partial<Parameters<typeof createAppRoutes>[0]> = {}) {
  const router = createMemoryRouter(createAppRoutes({ backend, adminApp: lightAdminApp, ...extra }), {
    initialEntries: [path],
  });
  await settled(router);
  return router;
}

/** Resolves once the router has loaded and no navigation is pending. */
function settled(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  const done = () => router.state.initialized && router.state.navigation.state === "idle";
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

function routeError(router: Awaited<ReturnType<typeof visit>>) {
  const errors = Object.values(router.state.errors ?? {});
  return errors[0];
}

/** A concrete URL for a route pattern: ids get a valid UUID, slugs a known slug. */
function concrete(path: string): string {
  return path
    .replace(/:(id|reservationId)\?/, CAR_ID)
    .replace(/:(id|reservationId)/, CAR_ID)
    .replace(/^\/naujienos\/:slug$/, `/naujienos/${article.slug}`)
    .replace(":slug", car.slug)
    .replace(":token", "A".repeat(43));
}

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("maršrutų lentelė", () => {
  it("turi kiekvieną SPEC 2 skyriaus maršrutą", () => {
    const publicPaths = PUBLIC_ROUTES.map((r) => r.path);
    for (const path of [
      "/",
      "/login",
      "/akcijos",
      "/salygos",
      "/apie-mus",
      "/kontaktai",
      "/naujienos",
      "/rezervacija",
      "/automobiliai",
      "/ilgalaike-nuoma",
      "/verslo-klientams",
      "/paieskosautomobiliai",
    ]) {
      expect(publicPaths).toContain(path);
    }
    const adminPaths = ADMIN_ROUTES.map((r) => r.path);
    for (const path of [
      "/admin",
      "/admin/offers",
      "/admin/sorting",
      "/admin/cars",
      "/admin/cars/add",
      "/admin/cars/:id",
      "/admin/settings",
      "/admin/customers",
      "/admin/price-update",
      "/admin/requests",
      "/admin/requests/reply/:id",
      "/admin/check-availability",
      "/admin/print-edit/:reservationId",
      "/admin/reservations/add/:reservationId?",
    ]) {
      expect(adminPaths).toContain(path);
    }
    for (const route of ADMIN_ROUTES) {
      expect(route.layout).toBe("admin");
      expect(route.middleware).toEqual(["auth"]);
    }
    for (const route of PUBLIC_ROUTES) expect(route.layout).toBe("default");
  });

  it("parenka konkrečiausią administravimo maršrutą", () => {
    expect(matchAppRoute(ADMIN_ROUTES, "/admin/cars/add")?.route.path).toBe("/admin/cars/add");
    expect(matchAppRoute(ADMIN_ROUTES, `/admin/cars/${CAR_ID}`)?.params.id).toBe(CAR_ID);
    expect(matchAppRoute(ADMIN_ROUTES, "/admin/reservations/add")?.route.path).toBe(
      "/admin/reservations/add/:reservationId?",
    );
    expect(matchAppRoute(ADMIN_ROUTES, "/admin/nera")).toBeNull();
  });
});

describe("sargai pagal pavadinimą", () => {
  it("nekuria maršrutizatoriaus, kuriame nurodytas nežinomas sargas", () => {
    const routes: AppRoute[] = [{ path: "/admin/x", layout: "admin", middleware: ["auth", "nera-tokio"] }];
    expect(() => createAppRoutes({ backend: memoryBackend(null), routes })).toThrow(
      new Error("Unknown route middleware: nera-tokio"),
    );
  });

  it("neprisijungusį lankytoją iš kiekvieno administravimo maršruto nukreipia į /login su keliu atgal", async () => {
    const backend = memoryBackend(null);
    for (const route of ADMIN_ROUTES) {
      const path = concrete(route.path);
      const router = await visit(path, backend);
      expect(router.state.location.pathname, path).toBe("/login");
      expect(new URLSearchParams(router.state.location.search).get("redirect"), path).toBe(path);
    }
  });

  it("prisijungusį darbuotoją įleidžia į kiekvieną administravimo maršrutą", async () => {
    const backend = memoryBackend(staff);
    for (const route of ADMIN_ROUTES) {
      const path = concrete(route.path);
      const router = await visit(path, backend);
      expect(router.state.location.pathname, path).toBe(path);
      expect(router.state.errors, path).toBeNull();
    }
  });

  it("vykdo pasirinktinį sargą; jo atmetimas nutraukia perėjimą", async () => {
    registerGuard("tik-testams", () => {
      throw new Response(null, { status: 302, headers: { Location: "/admin" } });
    });
    const routes: AppRoute[] = [
      { path: "/admin", layout: "admin", middleware: ["auth"] },
      { path: "/admin/uzdaryta", layout: "admin", middleware: ["auth", "tik-testams"] },
    ];
    const router = await visit("/admin", memoryBackend(staff), { routes });
    expect(router.state.location.pathname).toBe("/admin");
    await router.navigate("/admin/uzdaryta");
    await settled(router);
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("viešieji puslapiai sargų neturi (jie – atskiri dokumentai be maršrutizatoriaus)", () => {
    for (const route of PUBLIC_ROUTES) expect(route.middleware, route.path).toBeUndefined();
  });
});

describe("404", () => {
  it.each([
    ["/that/path", "/that/path"],
    ["/that/path?x=1", "/that/path?x=1"],
    ["/automobiliai/Ne_Slugas", "/automobiliai/Ne_Slugas"],
    ["/automobiliai/nezinomas-automobilis", "/automobiliai/nezinomas-automobilis"],
    ["/naujienos/nera-tokios", "/naujienos/nera-tokios"],
  ])("viešas %s rodo Page Not Found", async (path, fullPath) => {
    const page = await loadSitePage(memoryBackend(null), new URL(path, "http://localhost"));
    expect(page.kind).toBe("error");
    if (page.kind !== "error") return;
    expect(page.settings).toEqual(settings);
    const details = describeRouteError(page.error, new URL(path, "http://localhost"));
    expect(details.statusCode).toBe(404);
    expect(details.statusMessage).toBe(`Page Not Found: ${fullPath}`);
    expect(details.description).not.toBe("");
  });

  it.each([
    ["/admin/nera-tokio", "/admin/nera-tokio"],
    ["/admin/cars/blogas-id", "/admin/cars/blogas-id"],
    ["/admin/requests/reply/123", "/admin/requests/reply/123"],
    ["/admin/reservations/add/ne-id", "/admin/reservations/add/ne-id"],
  ])("%s rodo Page Not Found", async (path, fullPath) => {
    const router = await visit(path, memoryBackend(staff));
    const error = routeError(router);
    expect(isHttpErrorResponse(error)).toBe(true);
    if (!isHttpErrorResponse(error)) return;
    expect(error.status).toBe(404);
    expect(error.statusText).toBe(`Page Not Found: ${fullPath}`);
    expect(typeof (error.data as { message?: unknown }).message).toBe("string");
  });

  it("administravimo kelius tikrina prieš sargą: netinkamas id – 404 net neprisijungus", async () => {
    const router = await visit("/admin/cars/blogas-id", memoryBackend(null));
    expect(router.state.location.pathname).toBe("/admin/cars/blogas-id");
    expect(isHttpErrorResponse(routeError(router))).toBe(true);
  });
});

describe("vieši maršrutai", () => {
  it("kiekvienas viešas maršrutas išsprendžiamas su savo duomenimis", async () => {
    const backend = memoryBackend(null);
    for (const route of PUBLIC_ROUTES) {
      const path = concrete(route.path);
      const page = await loadSitePage(backend, new URL(path, "http://localhost"));
      expect(page.kind === "error" ? page.error : null, path).toBeNull();
      if (page.kind !== "page") continue;
      expect(page.match.route, path).toBe(route);
      expect(page.settings, path).toEqual(settings);
    }
  });

  it("mažasis atitikmuo parenka tą patį maršrutą kaip React Router", () => {
    const paths = [
      ...PUBLIC_ROUTES.map((route) => concrete(route.path)),
      "/automobiliai/",
      "/naujienos/a/b",
      "/mano-rezervacija",
      "/nera",
      "/",
    ];
    for (const path of paths) {
      expect(matchPublicRoute(path)?.route.path ?? null, path).toBe(
        matchAppRoute(PUBLIC_ROUTES, path)?.route.path ?? null,
      );
      expect(matchPublicRoute(path)?.params ?? null, path).toEqual(matchAppRoute(PUBLIC_ROUTES, path)?.params ?? null);
    }
  });
});

describe("naujo surinkimo užtvara", () => {
  it("prieš kiekvieną perėjimą klausia stebėtojo ir lieka vietoje, kol puslapis perkraunamas", async () => {
    const asked: string[] = [];
    let outdated = false;
    const watcher = {
      beforeNavigate: async (url: string) => {
        asked.push(url);
        return outdated;
      },
      onChunkError: () => false,
    };
    const router = await visit("/admin", memoryBackend(staff), { watcher });
    expect(asked).toEqual(["http://localhost/admin"]);
    await router.navigate("/admin/cars");
    await settled(router);
    expect(router.state.location.pathname).toBe("/admin/cars");

    outdated = true;
    void router.navigate("/admin/offers");
    await vi.waitFor(() => expect(asked.at(-1)).toBe("http://localhost/admin/offers"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The full page load takes over: the SPA never commits the navigation.
    expect(router.state.location.pathname).toBe("/admin/cars");
    expect(router.state.navigation.state).toBe("loading");
  });
});
