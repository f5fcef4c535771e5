// The audit log's details as an admin reads them: Lithuanian names, sums in euros, dates in
// lt-LT, file names rather than storage paths; nothing in English or as a raw code.
import { describe, expect, it } from "vitest";
import { auditDetails, auditSummary } from "../../../src/domain/auditText";

describe("veiksmų žurnalo detalės", () => {
  it("perdavimas: žingsnis, būsenos ir dokumentas lietuviškai", () => {
    const entry = {
      action: "update",
      resource: "reservations",
      desk: "handover",
      fromStatus: "confirmed",
      toStatus: "active",
      document: "documents/abc-perdavimo-aktas.pdf",
    };
    expect(auditSummary(entry)).toBe("Perdavimas klientui");
    expect(auditDetails(entry)).toEqual([
      { label: "Veiksmas", text: "Perdavimas klientui" },
      { label: "Būsena buvo", text: "patvirtinta" },
      { label: "Būsena tapo", text: "vykdoma" },
      { label: "Dokumentas", text: "abc-perdavimo-aktas.pdf" },
    ]);
  });

  it("pratęsimas: datos ir kainos lietuvišku formatu", () => {
    const details = auditDetails({
      desk: "extension",
      fromReturnAt: "2026-11-30T08:00:00.000Z",
      toReturnAt: "2026-12-02T08:00:00.000Z",
      fromTotal: 1234.5,
      toTotal: 1400,
    });
    expect(details.map((d) => d.label)).toEqual([
      "Veiksmas",
      "Kaina buvo",
      "Kaina tapo",
      "Grąžinti iki (buvo)",
      "Grąžinti iki (tapo)",
    ]);
    expect(details.find((d) => d.label === "Kaina buvo")?.text).toMatch(/^1\s234,50\s€$/);
    expect(details.find((d) => d.label === "Grąžinti iki (tapo)")?.text).toBe("2026-12-02 10:00");
  });

  it("be pakeistų laukų ir be žingsnio: būsenų kaita arba mokėjimo rūšis su suma", () => {
    expect(auditSummary({ fromStatus: "new", toStatus: "cancelled" })).toBe("nauja → atšaukta");
    expect(auditSummary({ kind: "refund", amount: 42 })).toMatch(/^\S.* 42,00\s€$/);
    expect(auditSummary({})).toBe("—");
  });
});
