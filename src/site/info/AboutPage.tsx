import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { Link } from "../lib/siteRouter";
import { useSettings } from "../useSettings";

export default function AboutPage() {
  const { about, company } = useSettings();
  return (
    <div className="container">
      <PageMeta
        title="Apie mus"
        description={`${company.brand} – automobilių nuomos įmonė ${company.name}: kas esame, kuo rūpinamės ir kaip dirbame. Įmonės rekvizitai ir kontaktai.`}
      />
      <PageHeader title="Apie mus" />
      <div className="two-col">
        <div className="card">
          {about.trim() ? <RichText text={about} /> : <p>{company.name} – automobilių nuomos įmonė.</p>}
        </div>
        <aside className="card" aria-labelledby="about-company">
          <h2 id="about-company" style={{ marginTop: 0 }}>
            Rekvizitai
          </h2>
          <dl className="details-list">
            <div>
              <dt>Įmonė</dt>
              <dd>{company.name}</dd>
            </div>
            <div>
              <dt>Įmonės kodas</dt>
              <dd>{company.companyCode}</dd>
            </div>
            <div>
              <dt>PVM mokėtojo kodas</dt>
              <dd>{company.vatCode}</dd>
            </div>
            <div>
              <dt>Adresas</dt>
              <dd>{company.address}</dd>
            </div>
          </dl>
          <p style={{ marginTop: "1rem" }}>
            <Link to="/kontaktai">Kontaktai ir darbo laikas</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
