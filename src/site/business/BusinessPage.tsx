import InquiryForm from "../components/InquiryForm";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";

const BENEFITS = [
  { title: "PVM sąskaita faktūra", text: "Sąskaitas siunčiame el. paštu, galima mokėti pavedimu kartą per mėnesį." },
  { title: "Asmeninis vadybininkas", text: "Vienas kontaktas visiems jūsų įmonės užsakymams ir klausimams." },
  { title: "Lankstus autoparkas", text: "Nuo ekonominės klasės iki mikroautobusų – pagal jūsų poreikį." },
  { title: "Įgaliojimai vairuotojams", text: "Paruošiame dokumentus, kad darbuotojai galėtų vairuoti be rūpesčių." },
] as const;

export default function BusinessPage() {
  return (
    <div className="container">
      <PageMeta
        title="Automobilių nuoma verslo klientams"
        description="Automobilių nuoma įmonėms: PVM sąskaitos, mėnesinis atsiskaitymas, asmeninis vadybininkas."
      />
      <PageHeader
        title="Verslo klientams"
        lead="Automobiliai darbuotojams, svečiams ir projektams – su aiškiomis sąlygomis ir vienu kontaktu."
      />
      <ul className="features">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="feature">
            <h2 style={{ fontSize: "1.15rem", marginTop: 0 }}>{benefit.title}</h2>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
      <div style={{ marginTop: "2rem" }}>
        <InquiryForm
          type="business"
          title="Gaukite pasiūlymą įmonei"
          messagePlaceholder="Kiek automobilių ir kokiam laikotarpiui reikėtų?"
          submitLabel="Gauti pasiūlymą"
        />
      </div>
    </div>
  );
}
