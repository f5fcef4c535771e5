import { formatMoney } from "../../domain/format";
import DisputeBodyNote from "../components/DisputeBodyNote";
import InquiryForm from "../components/InquiryForm";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { telHref } from "../layout/navigation";
import { useSettings } from "../useSettings";

export default function ContactsPage() {
  const { company, locations } = useSettings();
  return (
    <div className="container">
      <PageMeta
        title="Kontaktai"
        description={`${company.name}: telefonas, el. paštas, adresas, darbo laikas ir automobilių paėmimo vietos.`}
      />
      <PageHeader title="Kontaktai" lead="Skambinkite, rašykite arba užpildykite formą – atsakysime greitai." />
      <div className="two-col">
        <div>
          <div className="card">
            <h2 id="contacts-company" style={{ marginTop: 0 }}>
              {company.name}
            </h2>
            <dl className="details-list">
              {company.phones.length > 0 ? (
                <div>
                  <dt>Telefonas</dt>
                  <dd>
                    {company.phones.map((phone, index) => (
                      <span key={phone}>
                        {index > 0 ? ", " : ""}
                        <a href={telHref(phone)}>{phone}</a>
                      </span>
                    ))}
                  </dd>
                </div>
              ) : null}
              {company.helpline ? (
                <div>
                  <dt>Pagalba kelyje (visą parą)</dt>
                  <dd>
                    <a href={telHref(company.helpline)}>{company.helpline}</a>
                  </dd>
                </div>
              ) : null}
              {company.emails.length > 0 ? (
                <div>
                  <dt>El. paštas</dt>
                  <dd>
                    {company.emails.map((email, index) => (
                      <span key={email}>
                        {index > 0 ? ", " : ""}
                        <a href={`mailto:${email}`}>{email}</a>
                      </span>
                    ))}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Adresas</dt>
                <dd>{company.address}</dd>
              </div>
              {company.hours ? (
                <div>
                  <dt>Darbo laikas</dt>
                  <dd className="pre-line">{company.hours}</dd>
                </div>
              ) : null}
              <div>
                <dt>Įmonės kodas</dt>
                <dd>{company.companyCode}</dd>
              </div>
              <div>
                <dt>PVM mokėtojo kodas</dt>
                <dd>{company.vatCode}</dd>
              </div>
              {company.iban ? (
                <div>
                  <dt>Banko sąskaita</dt>
                  <dd>
                    {company.iban}
                    {company.bankName ? `, ${company.bankName}` : ""}
                  </dd>
                </div>
              ) : null}
            </dl>
          </div>
          <section aria-labelledby="contacts-places">
            <h2 id="contacts-places">Paėmimo ir grąžinimo vietos</h2>
            <ul className="location-list">
              {locations.map((location) => (
                <li key={location.id}>
                  <strong>{location.name}</strong>
                  <span>{location.address}</span>
                  {location.hours ? <span className="muted"> · {location.hours}</span> : null}
                  {location.deliveryFee > 0 ? (
                    <span className="muted"> · pristatymas {formatMoney(location.deliveryFee)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="contacts-disputes">
            <h2 id="contacts-disputes">Vartotojų ginčai</h2>
            <DisputeBodyNote />
          </section>
        </div>
        <InquiryForm idPrefix="contact-inquiry" type="contact" title="Parašykite mums" />
      </div>
    </div>
  );
}
