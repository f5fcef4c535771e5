// The privacy policy's generated part (GDPR art. 13): what personal data the product collects,
// how long each kind is kept (the retention settings, src/domain/retentionPolicy.ts), the backups
// and how long they are kept (the backup settings), and every recipient the browser or the server
// sends personal data to, from the running configuration (the mail server, the payment provider
// actually configured, the file and backup storage, Firebase/Google, the IP-to-country lookup).
// The privacy page (src/site/info/PrivacyPage.tsx) prints these under the staff's own text, so
// the page never names a period or a recipient the product does not have. No zod: the public
// page's bundle.
import { formatCount, formatNumber } from "./format";

/** Lithuanian accusative forms after "praėjus", "saugoma …": 1 dieną, 2 dienas, 10 dienų. */
const PERIOD_FORMS = {
  day: ["dieną", "dienas", "dienų"],
  month: ["mėnesį", "mėnesius", "mėnesių"],
  year: ["metus", "metus", "metų"],
} as const satisfies Record<string, readonly [string, string, string]>;

export type PeriodUnit = keyof typeof PERIOD_FORMS;

/** A period in the accusative: "1 metus", "5 metus", "10 metų", "1 mėnesį", "3 mėnesius", "12 mėnesių". */
export function periodAccusative(n: number, unit: PeriodUnit): string {
  return formatCount(n, PERIOD_FORMS[unit]);
}

/** Who processes personal data besides the company, as the running configuration says. */
export interface PrivacyProcessors {
  /** "server": the company's own server; "firebase": Google Firebase (Firestore, Cloud Functions, Hosting, Storage) */
  backend: "server" | "firebase";
  /** the SMTP server's host name the mails go through; null: mails are not sent from the product */
  mailHost: string | null;
  /** the online payment provider configured; null: paid at pick-up */
  payment: "paysera" | "stripe" | null;
  /** the S3-compatible storage's host holding uploaded files; null: the server's own disk (or Firebase Storage) */
  fileStorageHost: string | null;
  /** the S3-compatible storage's host the backups are copied to; null: none */
  backupStorageHost: string | null;
  /**
   * The IP-to-country lookup of the phone field: "server" – our server asks ip2c.org with the
   * visitor's IP (the visitor's browser reaches no third party); "browser" – the browser asks
   * ip2c.org itself.
   */
  ipLookup: "server" | "browser";
}

/** The backups' retention, as the privacy page describes it (src/domain/backupSchedule.ts). */
export interface BackupRetention {
  enabled: boolean;
  hourly: boolean;
  /** daily archives kept */
  keep: number;
  /** hourly archives kept */
  keepHourly: number;
  /** archives kept in the second place; null: no second place */
  copyKeep: number | null;
}

export interface PrivacyRecipient {
  /** who (Lithuanian) */
  name: string;
  /** what they receive and why */
  what: string;
  /** where the data is processed */
  where: string;
}

export const IP_LOOKUP_NAME = "ip2c.org (IP adreso šalies nustatymo paslauga)";

/** Every recipient the browser or the server sends personal data to, in this configuration. */
export function privacyRecipients(p: PrivacyProcessors): PrivacyRecipient[] {
  const list: PrivacyRecipient[] = [];
  if (p.backend === "firebase") {
    list.push({
      name: "Google Ireland Limited (Google Firebase: Firestore, Cloud Functions, Hosting, Cloud Storage)",
      what: "visi rezervacijų, užklausų ir klientų duomenys bei įkelti failai – svetainės ir duomenų bazės prieglobai",
      where:
        "Google serveriuose Firebase projekto regione; Google gali juos perduoti į JAV pagal ES ir JAV duomenų privatumo sistemą ir standartines sutarčių sąlygas",
    });
  }
  if (p.mailHost) {
    list.push({
      name: `El. pašto siuntimo serveris ${p.mailHost}`,
      what: "gavėjo el. pašto adresas ir laiško turinys (rezervacijos patvirtinimai, priminimai, sąskaitos)",
      where: "paslaugos teikėjo serveryje",
    });
  } else if (p.backend === "firebase") {
    list.push({
      name: "El. pašto siuntimo serveris, nurodytas Firebase plėtinio „Trigger Email“ nustatymuose",
      what: "gavėjo el. pašto adresas ir laiško turinys",
      where: "paslaugos teikėjo serveryje",
    });
  }
  if (p.payment === "paysera") {
    list.push({
      name: "Paysera LT, UAB (mokėjimai internetu)",
      what: "rezervacijos numeris, suma ir el. pašto adresas; kortelės ar banko duomenis tvarko pati Paysera",
      where: "Lietuvoje (Europos Sąjungoje)",
    });
  }
  if (p.payment === "stripe") {
    list.push({
      name: "Stripe Payments Europe, Ltd. (mokėjimai internetu)",
      what: "rezervacijos numeris, suma ir el. pašto adresas; kortelės duomenis tvarko pati Stripe",
      where: "Airijoje (Europos Sąjungoje); Stripe gali juos perduoti į JAV pagal standartines sutarčių sąlygas",
    });
  }
  if (p.fileStorageHost) {
    list.push({
      name: `Failų saugykla ${p.fileStorageHost}`,
      what: "įkelti failai: perdavimo ir grąžinimo aktai, parašai, automobilio nuotraukos",
      where: "paslaugos teikėjo serveryje",
    });
  }
  if (p.backupStorageHost) {
    list.push({
      name: `Atsarginių kopijų saugykla ${p.backupStorageHost}`,
      what: "visų duomenų atsarginės kopijos",
      where: "paslaugos teikėjo serveryje",
    });
  }
  list.push(
    p.ipLookup === "server"
      ? {
          name: IP_LOOKUP_NAME,
          what: "Jūsų IP adresas, kai pradedate pildyti telefono numerio laukelį (kad būtų parinktas šalies kodas); užklausą siunčia mūsų serveris, Jūsų naršyklė su šia paslauga nesusisiekia, atsakymas (tik šalies kodas) laikomas serverio atmintyje iki paros",
          where: "paslaugos teikėjo serveryje",
        }
      : {
          name: IP_LOOKUP_NAME,
          what: "Jūsų IP adresas, kai pradedate pildyti telefono numerio laukelį (kad būtų parinktas šalies kodas); užklausą siunčia Jūsų naršyklė tiesiogiai",
          where: "paslaugos teikėjo serveryje",
        },
  );
  return list;
}

/** What personal data the product collects, one kind per line. */
export const PRIVACY_DATA_LINES: readonly string[] = [
  "Rezervuojant svetainėje: vardas, pavardė, el. pašto adresas, telefono numeris, gimimo data, vairuotojo pažymėjimo numeris ir Jūsų komentaras.",
  "Sudarant nuomos sutartį ir perduodant automobilį: asmens kodas, asmens dokumento numeris, adresas, vairuotojo pažymėjimo išdavimo ir galiojimo datos, parašas, automobilio būklės nuotraukos, rida ir degalų kiekis.",
  "Pateikiant užklausą (kontaktų forma, ilgalaikė nuoma, verslo klientai): vardas, el. pašto adresas, telefono numeris (jei jį nurodote), žinutė; verslo klientų – įmonės pavadinimas, kodas ir PVM mokėtojo kodas.",
  "Mokėjimai ir sąskaitos: sumos, mokėjimo būdas, sąskaitų faktūrų duomenys.",
  "Sutikimas: kada sutikote su nuomos sąlygomis ir susipažinote su šia politika.",
  "Techniniai duomenys: IP adresas (apsaugai nuo piktnaudžiavimo ir telefono šalies kodui parinkti); darbuotojų prisijungimo sesijos slapukas.",
];

/** The backups in words: how often, how many kept, and that an erasure is applied again after a restore. */
export function backupLines(b: BackupRetention): string[] {
  if (!b.enabled) {
    return [
      "Automatinės atsarginės kopijos išjungtos. Jei kopija padaroma rankiniu būdu ir vėliau atkuriama, po atkūrimo vėl ištrinami visi iki tol ištrinti asmenys.",
    ];
  }
  const lines = [
    b.hourly
      ? `Atsarginės kopijos daromos kas valandą ir kasdien. Valandinių kopijų laikoma ne daugiau kaip ${formatNumber(b.keepHourly)}, dienos kopijų – ne daugiau kaip ${formatNumber(b.keep)}; senesnės ištrinamos automatiškai.`
      : `Atsarginės kopijos daromos kasdien. Jų laikoma ne daugiau kaip ${formatNumber(b.keep)}; senesnės ištrinamos automatiškai.`,
  ];
  if (b.copyKeep !== null) {
    lines.push(
      `Kopijos papildomai saugomos antroje vietoje (kiekvienos rūšies – ne daugiau kaip ${formatNumber(b.copyKeep)}).`,
    );
  }
  lines.push(
    `Ištrinti duomenys kopijose lieka, kol kopija pašalinama (ne ilgiau kaip ${periodAccusative(Math.max(b.keep, b.copyKeep ?? 0), "day")}); atkūrus kopiją, visi po jos padaryti ištrynimai pakartojami (saugomas ištrintų klientų sąrašas be asmens duomenų).`,
  );
  return lines;
}

/** Where the data is kept, in one sentence. */
export function storageLine(p: PrivacyProcessors): string {
  return p.backend === "firebase"
    ? "Duomenys saugomi Google Firebase paslaugose (žr. gavėjų sąrašą)."
    : "Duomenys saugomi mūsų pačių serveryje; kam jie perduodami, nurodyta gavėjų sąraše.";
}

/** The backup settings as the privacy page tells them; `copyElsewhere`: the server names a second place itself (BACKUP_COPY_DIR). */
export function backupRetentionOf(
  b: { enabled: boolean; hourly: boolean; keep: number; keepHourly: number; copyFolder: string; copyKeep: number },
  copyElsewhere = false,
): BackupRetention {
  return {
    enabled: b.enabled,
    hourly: b.hourly,
    keep: b.keep,
    keepHourly: b.keepHourly,
    copyKeep: b.copyFolder.trim() !== "" || copyElsewhere ? b.copyKeep : null,
  };
}

/** An S3 endpoint's host for the recipients' list ("s3.amazonaws.com" when none is named: AWS itself). */
export const storageHostOf = (endpoint: string | null): string => {
  if (!endpoint) return "Amazon Web Services S3";
  try {
    return new URL(endpoint).hostname;
  } catch {
    return endpoint;
  }
};
