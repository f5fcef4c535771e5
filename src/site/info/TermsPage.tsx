import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { useSettings } from "../useSettings";

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
        {terms.trim() ? (
          <RichText text={terms} sectionTitles />
        ) : (
          <p>Nuomos sąlygos dar neparengtos. Susisiekite su mumis.</p>
        )}
      </div>
    </div>
  );
}
