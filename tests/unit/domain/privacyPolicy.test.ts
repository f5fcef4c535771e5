// The privacy page's generated part (src/domain/privacyPolicy.ts): Lithuanian periods in the
// accusative, and the recipients of each configuration.
import { describe, expect, it } from "vitest";
import {
  backupLines,
  backupRetentionOf,
  type PrivacyProcessors,
  periodAccusative,
  privacyRecipients,
  storageHostOf,
} from "../../../src/domain/privacyPolicy";

describe("laikotarpiai galininku", () => {
  it("metai: 1 metus, 2 metus, 5 metus, 10 metų, 21 metus", () => {
    expect([1, 2, 5, 9, 10, 11, 20, 21, 22].map((n) => periodAccusative(n, "year"))).toEqual([
      "1 metus",
      "2 metus",
      "5 metus",
      "9 metus",
      "10 metų",
      "11 metų",
      "20 metų",
      "21 metus",
      "22 metus",
    ]);
  });

  it("mėnesiai: 1 mėnesį, 3 mėnesius, 12 mėnesių, 21 mėnesį", () => {
    expect([1, 3, 12, 21, 100].map((n) => periodAccusative(n, "month"))).toEqual([
      "1 mėnesį",
      "3 mėnesius",
      "12 mėnesių",
      "21 mėnesį",
      "100 mėnesių",
    ]);
  });

  it("dienos: 1 dieną, 2 dienas, 14 dienų, 90 dienų, 1 000 dienų", () => {
    expect([1, 2, 14, 90, 1000].map((n) => periodAccusative(n, "day"))).toEqual([
      "1 dieną",
      "2 dienas",
      "14 dienų",
      "90 dienų",
      "1\u00a0000 dienų",
    ]);
  });
});

const base: PrivacyProcessors = {
  backend: "server",
  mailHost: null,
  payment: null,
  fileStorageHost: null,
  backupStorageHost: null,
  ipLookup: "server",
};
const names = (p: PrivacyProcessors) => privacyRecipients(p).map((r) => r.name);

describe("duomenų gavėjai pagal konfigūraciją", () => {
  it("be pašto ir mokėjimų – tik IP šalies paslauga, kurią klausia serveris", () => {
    const list = privacyRecipients(base);
    expect(list.map((r) => r.name)).toEqual(["ip2c.org (IP adreso šalies nustatymo paslauga)"]);
    expect(list[0]?.what).toContain("užklausą siunčia mūsų serveris");
  });

  it("SMTP, Stripe, S3 failai ir kopijos – kiekvienas vardu", () => {
    expect(
      names({
        ...base,
        mailHost: "smtp.pastas.lt",
        payment: "stripe",
        fileStorageHost: storageHostOf("https://s3.eu-central-003.backblazeb2.com"),
        backupStorageHost: storageHostOf(null),
      }),
    ).toEqual([
      "El. pašto siuntimo serveris smtp.pastas.lt",
      "Stripe Payments Europe, Ltd. (mokėjimai internetu)",
      "Failų saugykla s3.eu-central-003.backblazeb2.com",
      "Atsarginių kopijų saugykla Amazon Web Services S3",
      "ip2c.org (IP adreso šalies nustatymo paslauga)",
    ]);
  });

  it("Firebase: Google, „Trigger Email“ paštas, IP paslaugą klausia naršyklė", () => {
    const list = privacyRecipients({ ...base, backend: "firebase", ipLookup: "browser" });
    expect(list.map((r) => r.name)).toEqual([
      "Google Ireland Limited (Google Firebase: Firestore, Cloud Functions, Hosting, Cloud Storage)",
      "El. pašto siuntimo serveris, nurodytas Firebase plėtinio „Trigger Email“ nustatymuose",
      "ip2c.org (IP adreso šalies nustatymo paslauga)",
    ]);
    expect(list[2]?.what).toContain("užklausą siunčia Jūsų naršyklė tiesiogiai");
  });
});

describe("atsarginės kopijos", () => {
  const settings = {
    enabled: true,
    hourly: false,
    keep: 14,
    keepHourly: 24,
    copyFolder: "",
    copyKeep: 30,
  };

  it("kasdien, be antros vietos", () => {
    expect(backupLines(backupRetentionOf(settings))).toEqual([
      "Atsarginės kopijos daromos kasdien. Jų laikoma ne daugiau kaip 14; senesnės ištrinamos automatiškai.",
      "Ištrinti duomenys kopijose lieka, kol kopija pašalinama (ne ilgiau kaip 14 dienų); atkūrus kopiją, visi po jos padaryti ištrynimai pakartojami (saugomas ištrintų klientų sąrašas be asmens duomenų).",
    ]);
  });

  it("antra vieta ilgiau: terminas pagal ją", () => {
    const lines = backupLines(backupRetentionOf({ ...settings, copyFolder: "/mnt/kopijos" }));
    expect(lines[1]).toBe("Kopijos papildomai saugomos antroje vietoje (kiekvienos rūšies – ne daugiau kaip 30).");
    expect(lines[2]).toContain("(ne ilgiau kaip 30 dienų)");
  });

  it("išjungtos", () => {
    expect(backupLines(backupRetentionOf({ ...settings, enabled: false }))[0]).toMatch(
      /^Automatinės atsarginės kopijos išjungtos\./,
    );
  });
});
