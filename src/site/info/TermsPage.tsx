import { TARIFF_TITLE, tariffLines } from "../../domain/tariffText";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { useSettings } from "../useSettings";

/** "Kainos ir mokesčiai": rendered from the settings (the tariff and the fees where they live), never typed. */
function FeesTable() {
  const { fees, bookingRules, extras, locations } = useSettings();
  if (!fees) return null;
  const lines = tariffLines({
    tariff: fees.tariff,
    bookingRules,
    freeCancellationHours: fees.freeCancellationHours,
    transferFee: fees.transferFee,
    extras,
    locations,
  });
  return (
    <section aria-labelledby="terms-fees">
      <h2 id="terms-fees">{TARIFF_TITLE}</h2>
      <table className="terms-fees">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function TermsPage() {
  const { terms } = useSettings();
  return (
    <div className="container">
      <PageMeta
        title="Nuomos sąlygos"
        description="Automobilių nuomos sąlygos: vairuotojo amžius ir stažas, užstatas, draudimas ir franšizė, degalai, ridos limitas, kelionės į užsienį ir vėlavimas grąžinti."
      />
      <PageHeader title="Nuomos sąlygos" />
      <div className="card">
        <FeesTable />
        {terms.trim() ? (
          <RichText text={terms} sectionTitles />
        ) : (
          <p>Nuomos sąlygos dar neparengtos. Susisiekite su mumis.</p>
        )}
      </div>
    </div>
  );
}
