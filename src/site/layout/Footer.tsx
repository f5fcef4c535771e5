import type { PublicSettings } from "../../backend/port";
import { pricesIncludeVatText } from "../../domain/publicCatalog";
import DisputeBodyNote from "../components/DisputeBodyNote";
import { Link } from "../lib/siteRouter";
import { telHref } from "./navigation";

/** The company's legal details, always visible (a legal duty of a Lithuanian e-shop). */
export default function Footer({ settings }: { settings: PublicSettings }) {
  const { company, locations } = settings;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <section aria-labelledby="footer-company">
            <h2 id="footer-company">{company.name}</h2>
            <dl className="site-footer__legal">
              {company.companyCode ? (
                <div>
                  <dt>Įmonės kodas</dt>
                  <dd>{company.companyCode}</dd>
                </div>
              ) : null}
              {/* empty when the company is not a VAT payer */}
              {company.vatCode ? (
                <div>
                  <dt>PVM mokėtojo kodas</dt>
                  <dd>{company.vatCode}</dd>
                </div>
              ) : null}
              <div>
                <dt>Adresas</dt>
                <dd>{company.address}</dd>
              </div>
              {company.bankName && company.iban ? (
                <div>
                  <dt>Banko sąskaita</dt>
                  <dd>
                    {company.iban} ({company.bankName})
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
          <section aria-labelledby="footer-contacts">
            <h2 id="footer-contacts">Kontaktai</h2>
            <ul>
              {company.phones.map((phone) => (
                <li key={phone}>
                  <a href={telHref(phone)}>{phone}</a>
                </li>
              ))}
              {company.emails.map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              ))}
            </ul>
            {company.hours ? (
              <>
                <h2 id="footer-hours" style={{ marginTop: "1rem" }}>
                  Darbo laikas
                </h2>
                <p className="pre-line">{company.hours}</p>
              </>
            ) : null}
          </section>
          <section aria-labelledby="footer-places">
            <h2 id="footer-places">Paėmimo vietos</h2>
            <ul>
              {locations.map((location) => (
                <li key={location.id}>{location.name}</li>
              ))}
            </ul>
          </section>
          <nav aria-labelledby="footer-info">
            <h2 id="footer-info">Informacija</h2>
            <ul>
              <li>
                <Link to="/salygos">Nuomos sąlygos</Link>
              </li>
              <li>
                <Link to="/privatumo-politika">Privatumo politika</Link>
              </li>
              <li>
                <Link to="/apie-mus">Apie mus</Link>
              </li>
              <li>
                <Link to="/kontaktai">Kontaktai</Link>
              </li>
              <li>
                <Link to="/naujienos">Naujienos</Link>
              </li>
              {company.facebook ? (
                <li>
                  <a href={company.facebook} rel="noopener noreferrer">
                    Facebook
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
        <div className="site-footer__bottom">
          <span>
            © {year} {company.name}. Visos teisės saugomos.
          </span>
          <span>Kainos nurodytos {pricesIncludeVatText(settings.bookingRules)}.</span>
        </div>
        <DisputeBodyNote className="site-footer__dispute" />
      </div>
    </footer>
  );
}
