// /privatumo-politika: the privacy policy staff keep in the settings. Every form that asks for
// personal data links here (DOMAIN.md: legal duties of the site).
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { useSettings } from "../useSettings";

export default function PrivacyPage() {
  const { privacy, company } = useSettings();
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
    </div>
  );
}
