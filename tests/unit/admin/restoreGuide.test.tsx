/** @vitest-environment jsdom */
// The guided restore's answer as an administrator reads it: what the checked archive holds, the
// steps in order and the exact command, which the copy button puts on the clipboard.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackupArchiveChecked } from "../../../src/core/backupSchedule";
import { restoreCommand, restoreSteps } from "../../../src/domain/backupSchedule";

vi.mock("../../../src/admin/adminApi", () => ({ useAdminActions: () => ({}) }));
const { RestoreSteps } = await import("../../../src/admin/backups/RestoreGuide");

afterEach(cleanup);

const location = "s3://ratai-kopijos/kopijos/atsargine-kopija-rankine-2026-11-21-070512.tar.gz";
const checked: BackupArchiveChecked = {
  name: "atsargine-kopija-rankine-2026-11-21-070512.tar.gz",
  place: "s3",
  location,
  size: 2 * 1024 * 1024,
  sha256: "a".repeat(64),
  createdAt: "2026-11-21T05:05:12.000Z",
  backend: "pglite",
  appVersion: "1.0.0",
  schemaVersion: 3,
  counts: { cars: 12, reservations: 40, customers: 0 },
  files: 5,
  filesBytes: 300 * 1024,
  command: restoreCommand(location),
  steps: restoreSteps(location, new Date("2026-11-21T06:00:00Z")),
};

describe("atkūrimo vedlys", () => {
  it("rodo, ką kopija turi, žingsnius ir komandą; „Kopijuoti“ ją nukopijuoja", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<RestoreSteps checked={checked} />);
    const guide = screen.getByTestId("restore-guide");
    expect(guide.textContent).toContain("S3: s3://ratai-kopijos/kopijos/");
    expect(guide.textContent).toContain("52: automobiliai 12, rezervacijos 40");
    expect(guide.textContent).toContain("PGlite (duomenų aplankas)");
    const steps = [...guide.querySelectorAll("ol li")].map((li) => li.textContent ?? "");
    expect(steps).toHaveLength(5);
    expect(steps[1]).toContain("Sustabdykite serverį");
    expect(steps[2]).toContain("npm run backup -- --out atsargine-kopija-pries-atkurima-2026-11-21-080000.tar.gz");
    expect(steps[3]).toContain(`npm run restore -- ${location} --force`);
    expect(steps[4]).toContain("Paleiskite serverį");
    expect(screen.getByTestId("restore-command").textContent).toBe(`npm run restore -- ${location} --force`);
    fireEvent.click(screen.getByRole("button", { name: "Kopijuoti" }));
    expect(writeText).toHaveBeenCalledWith(`npm run restore -- ${location} --force`);
    expect(await screen.findByRole("button", { name: "Nukopijuota" })).toBeTruthy();
  });

  it("kelias su tarpais komandoje kabutėse", () => {
    expect(restoreCommand("/var/atsargines kopijos/a.tar.gz")).toBe(
      "npm run restore -- '/var/atsargines kopijos/a.tar.gz' --force",
    );
  });
});
