/** @vitest-environment jsdom */
// The dashboard's backup warning as an administrator reads it: backups turned off, the last good
// one older than the schedule allows (with its age), nothing when all is well.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackupStatus } from "../../../src/core/backupSchedule";
import { BACKUP_DEFAULTS, type BackupRecord } from "../../../src/domain/backupSchedule";

let status: BackupStatus;
vi.mock("react-admin", () => ({ usePermissions: () => ({ permissions: "admin" }), useBasename: () => "/admin" }));
vi.mock("../../../src/admin/adminApi", () => ({ useAdminActions: () => ({ backupStatus: async () => status }) }));

const { BackupWarning } = await import("../../../src/admin/backups/BackupWarning");

const good = (finishedAt: string): BackupRecord => ({
  day: "2026-11-21T05",
  kind: "hourly",
  status: "ok",
  claimedAt: finishedAt,
  claimedBy: "serveris",
  finishedAt,
  file: "/duomenys/backups/a.tar.gz",
  size: 1000,
  error: null,
  durationMs: 100,
});

function show(next: BackupStatus) {
  status = next;
  // The status already fetched (as after the first request): the render shows what the admin sees.
  const client = new QueryClient();
  client.setQueryData(["backupStatus"], next);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BackupWarning />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("atsarginių kopijų įspėjimas suvestinėje", () => {
  it("išjungtos kopijos – įspėjimas", async () => {
    show({
      settings: { ...BACKUP_DEFAULTS, enabled: false },
      last: null,
      lastGood: null,
      stale: false,
      now: "2026-11-21T06:00:00Z",
    });
    expect((await screen.findByTestId("backup-warning")).textContent).toContain(
      "Suplanuotos atsarginės kopijos išjungtos",
    );
  });

  it("pasenusi kopija – įspėjimas su jos laiku ir amžiumi", async () => {
    const record = good("2026-11-21T02:50:00Z");
    show({
      settings: { ...BACKUP_DEFAULTS },
      last: record,
      lastGood: record,
      stale: true,
      now: "2026-11-21T06:00:00Z",
    });
    const text = (await screen.findByTestId("backup-warning")).textContent ?? "";
    expect(text).toContain("paskutinė pavykusi senesnė nei 2 val.");
    expect(text).toContain("prieš 3 val. 10 min.");
  });

  it("viskas gerai – nieko nerodoma", async () => {
    const record = good("2026-11-21T05:50:00Z");
    show({
      settings: { ...BACKUP_DEFAULTS },
      last: record,
      lastGood: record,
      stale: false,
      now: "2026-11-21T06:00:00Z",
    });
    expect(screen.queryByTestId("backup-warning")).toBeNull();
  });

  it("kopija gera, bet į S3 neįkelta – įspėjimas su priežastimi", async () => {
    const record = {
      ...good("2026-11-21T05:50:00Z"),
      remote: null,
      remoteError: "Nepavyko įkelti į S3: S3 krepšys ratai-kopijos: serveris nepasiekiamas (ryšys atmestas)",
    };
    show({
      settings: { ...BACKUP_DEFAULTS },
      last: record,
      lastGood: record,
      stale: false,
      now: "2026-11-21T06:00:00Z",
    });
    const warning = await screen.findByTestId("backup-warning");
    expect(warning.textContent).toContain(
      "Paskutinė kopija įrašyta tik šiame serveryje: Nepavyko įkelti į S3: S3 krepšys ratai-kopijos: serveris nepasiekiamas",
    );
  });
});
