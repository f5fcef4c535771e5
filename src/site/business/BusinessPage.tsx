import Icon, { type IconName } from "../components/Icon";
import InquiryForm from "../components/InquiryForm";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { Link } from "../lib/siteRouter";

const BENEFITS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "invoice",
    title: "PVM sąskaita faktūra",
    text: "Sąskaitas siunčiame el. paštu, galima mokėti pavedimu kartą per mėnesį.",
  },
  {
    icon: "user",
    title: "Asmeninis vadybininkas",
    text: "Vienas kontaktas visiems Jūsų įmonės užsakymams ir klausimams.",
  },
  { icon: "car", title: "Lankstus autoparkas", text: "Nuo ekonominės klasės iki mikroautobusų ir krovininių furgonų." },
  {
    icon: "key",
    title: "Įgaliojimai vairuotojams",
    text: "Paruošiame įgaliojimus, kad Jūsų darbuotojai galėtų vairuoti be rūpesčių.",
  },
];

export default function BusinessPage() {
  return (
    <div className="container">
      <PageMeta
        title="Automobilių nuoma verslo klientams"
        description="Automobilių nuoma įmonėms: PVM sąskaitos faktūros, mėnesinis atsiskaitymas pavedimu, asmeninis vadybininkas ir įgaliojimai vairuotojams."
      />
      <PageHeader
        title="Verslo klientams"
        lead="Automobiliai darbuotojams, svečiams ir projektams – su aiškiomis sąlygomis ir vienu kontaktu."
      />
      <ul className="features">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="feature">
            <span className="feature__icon">
              <Icon name={benefit.icon} />
            </span>
            <h2 className="feature__title">{benefit.title}</h2>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
      <div className="two-col section">
        <InquiryForm
          idPrefix="business-inquiry"
          type="business"
          title="Gaukite pasiūlymą įmonei"
          messagePlaceholder="Kiek automobilių ir kokiam laikotarpiui reikėtų?"
          submitLabel="Gauti pasiūlymą"
        />
        <aside className="card" aria-labelledby="business-how">
          <h2 id="business-how" className="card__title">
            Kaip tai veikia
          </h2>
          <ol className="steps-list">
            <li>Nurodykite įmonės rekvizitus ir poreikį – atsakysime tą pačią darbo dieną.</li>
            <li>Pasirašome sutartį ir suderiname atsiskaitymo tvarką.</li>
            <li>Automobilius rezervuojate internetu, telefonu ar el. paštu; sąskaitą gaunate kas mėnesį.</li>
          </ol>
          <p>
            Trumpalaikei nuomai galite iš karto <Link to="/rezervacija">rezervuoti automobilį</Link> – rekvizitus
            nurodykite komentare.
          </p>
        </aside>
      </div>
    </div>
  );
}
