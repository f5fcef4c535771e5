// The local adapter: the browser side of our own server (server/).
import type { RuntimeConfig } from "../../domain/runtimeConfig";
import type { Backend } from "../port";
import { createDeferredFileStore } from "./deferredFiles";
import { createHttpClient } from "./http";
import { createLocalSessionApi } from "./session";
import { createLocalSiteApi } from "./site";

export function createLocalBackend(
  _config?: RuntimeConfig,
  options: { baseUrl?: string; fetch?: typeof fetch } = {},
): Backend {
  const http = createHttpClient(options);
  return {
    kind: "local",
    site: createLocalSiteApi(http, options.fetch),
    session: createLocalSessionApi(http),
    files: createDeferredFileStore(http),
    // react-admin and its providers load only when the back-office opens.
    admin: async () => (await import("./admin")).createLocalAdminProviders(),
  };
}
