// /privatumo-politika: the privacy policy staff keep in the settings. Every form that asks for
// personal data links here (DOMAIN.md: legal duties of the site). Below it, the part generated from
// the running product (src/domain/privacyPolicy.ts): the data collected, the retention periods of
// the settings in the words of src/domain/retention.ts (so the page says what the job does), the
// backups and how long they are kept, and every recipient the browser or the server sends personal
// data to in this configuration (the mail server, the payment provider, storage, Firebase/Google,
// the IP-to-country lookup).

import { backupLines, PRIVACY_DATA_LINES, privacyRecipients, storageLine } from "../../domain/privacyPolicy";
import { retentionOf, retentionPolicyLines } from "../../domain/retentionPolicy";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { useSettings } from "../useSettings";

export default function PrivacyPage() {
  const { privacy, company, retention, backupRetention, processors } = useSettings();
  // The periods the retention job applies (src/core/dataRights.ts), from the same settings.
  const periods = retentionPolicyLines(retentionOf({ retention }));
  const backups = backupRetention ? backupLines(backupRetention) : [];
  const recipients = processors ? privacyRecipients(processors) : [];
  const contact = company.emails[0];
  return (
    <div className="container">
      <PageMeta
        title="Privatumo politika"
        description="Kaip tvarkome rezervacijų ir užklausų asmens duomenis: kokius duomenis renkame, kam juos naudojame, kiek laiko saugome, kam perduodame, slapukai ir Jūsų teisės."
      />
      <PageHeader title="Privatumo politika" />
      <div className="card">
        {privacy.trim() ? (
          <RichText text={privacy} sectionTitles />
        ) : (
          <p>
            Privatumo politika dar neparengta. Klausimus dėl asmens duomenų siųskite{" "}
            {contact ? <a href={`mailto:${contact}`}>{contact}</a> : "mums el. paštu"}.
          </p>
        )}
      </div>
      <section className="card" aria-labelledby="collected-data" id="renkami-duomenys">
        <h2 id="collected-data">Kokius duomenis renkame</h2>
        <ul>
          {PRIVACY_DATA_LINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="retention-periods" id="saugojimo-terminai">
        <h2 id="retention-periods">Kiek laiko saugome duomenis</h2>
        <ul>
          {periods.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {backups.length > 0 ? (
          <>
            <h3>Atsarginės kopijos</h3>
            <ul>
              {backups.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          Jūs turite teisę gauti visų apie Jus saugomų duomenų kopiją ir prašyti juos ištrinti
          {contact ? (
            <>
              {" "}
              – rašykite <a href={`mailto:${contact}`}>{contact}</a>
            </>
          ) : null}
          .
        </p>
      </section>
      {processors ? (
        <section className="card" aria-labelledby="recipients" id="duomenu-gavejai">
          <h2 id="recipients">Kam perduodami duomenys</h2>
          <p>{storageLine(processors)} Duomenis gauna šie paslaugų teikėjai (tik tam, kas nurodyta):</p>
          <ul>
            {recipients.map((r) => (
              <li key={r.name}>
                <strong>{r.name}</strong>: {r.what}. Tvarkoma: {r.where}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
