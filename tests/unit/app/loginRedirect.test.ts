// Where the login page sends staff back to: one level deep, same-site admin paths only.
import { describe, expect, it } from "vitest";
import { adminReturnPath, loginUrlFor, safeAdminRedirect } from "../../../src/app/guards";

describe("grįžimas po prisijungimo", () => {
  it("priima administravimo kelius su užklausa", () => {
    expect(safeAdminRedirect("/admin")).toBe("/admin");
    expect(safeAdminRedirect("/admin/customers/c1")).toBe("/admin/customers/c1");
    expect(safeAdminRedirect("/admin/cars?page=2")).toBe("/admin/cars?page=2");
  });

  it("atmeta kitus ir svetimus adresus (jokio atviro peradresavimo)", () => {
    for (const bad of [
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example/admin",
      "/admin/../login",
      "/admin/%2e%2e/login",
      "/administratorius",
      "/login",
      "/admin/login",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeAdminRedirect(bad), String(bad)).toBeNull();
    }
  });

  it("įdėtą /login?redirect=/login?redirect=… išskleidžia iki vidinio kelio", () => {
    const nested = loginUrlFor(`/login?redirect=${encodeURIComponent("/admin/customers/c1")}`);
    expect(nested).toBe("/login?redirect=%2Fadmin%2Fcustomers%2Fc1");
    const twice = `/login?redirect=${encodeURIComponent(`/login?redirect=${encodeURIComponent("/admin/cars/x")}`)}`;
    expect(adminReturnPath(twice)).toBe("/admin/cars/x");
    expect(loginUrlFor(twice)).toBe("/login?redirect=%2Fadmin%2Fcars%2Fx");
  });

  it("be saugaus kelio – tiesiog /login", () => {
    expect(loginUrlFor("/login")).toBe("/login");
    expect(loginUrlFor("https://evil.example/")).toBe("/login");
    expect(loginUrlFor("/admin/customers/c1")).toBe("/login?redirect=%2Fadmin%2Fcustomers%2Fc1");
  });
});
