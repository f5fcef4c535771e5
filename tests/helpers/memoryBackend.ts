// An in-memory implementation of the backend port for unit tests of the router and the
// server renderer (what is under test is the app, not a backend): one car, the given settings,
// no news; whatever a test does not expect to be called throws.
import type { Backend, PublicCar, PublicSettings, SessionUser } from "../../src/backend/port";

const unused = async (): Promise<never> => {
  throw new Error("nenaudojama");
};

export function memoryBackend(options: {
  car: PublicCar;
  settings: PublicSettings;
  /** who GET /me says is signed in */
  user?: SessionUser | null;
  /** site calls that answer differently from the defaults */
  site?: Partial<Backend["site"]>;
}): Backend {
  const { car, settings, user = null } = options;
  return {
    kind: "local",
    site: {
      cars: async () => [car],
      car: async (slug) => (slug === car.slug ? car : null),
      search: async () => ({ data: [], total: 0 }),
      quote: unused,
      offers: async () => [],
      news: async () => [],
      newsItem: async () => null,
      settings: async () => settings,
      submitReservation: unused,
      submitRequest: unused,
      detectCountry: async () => null,
      portal: unused,
      portalFile: unused,
      ...options.site,
    },
    session: { login: unused, logout: async () => {}, me: async () => user, changePassword: unused },
    files: {
      upload: () => {
        throw new Error("nenaudojama");
      },
      remove: async () => {},
      url: (path) => `/files/${path}`,
      privateUrl: async (path: string) => `/files/${path}`,
    },
    admin: unused,
  };
}
