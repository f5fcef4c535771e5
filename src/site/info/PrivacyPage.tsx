// /privatumo-politika: the privacy policy staff keep in the settings. Every form that asks for
// personal data links here (DOMAIN.md: legal duties of the site). Below it, the retention periods
// from the settings, in the words of src/domain/retention.ts, so the page says what the job does.

import { retentionOf, retentionPolicyLines } from "../../domain/retentionPolicy";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { useSettings } from "../useSettings";

export default function PrivacyPage() {
  const { privacy, company, retention } = useSettings();
  // The periods the retention job applies (src/core/dataRights.ts), from the same settings.
  const periods = retentionPolicyLines(retentionOf({ retention }));
  const contact = company.emails[0];
  return (
    <div className="container">
      <PageMeta
        title="Privatumo politika"
        description="Kaip tvarkome rezervacijų ir užklausų asmens duomenis: kokius duomenis renkame, kam juos naudojame, kiek laiko saugome, slapukai ir Jūsų teisės."
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
      <section className="card" aria-labelledby="retention-periods" id="saugojimo-terminai">
        <h2 id="retention-periods">Kiek laiko saugome duomenis</h2>
        <ul>
          {periods.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
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
    </div>
  );
}
