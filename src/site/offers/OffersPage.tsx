import { useBackend } from "../../app/BackendContext";
import type { PageLoadContext } from "../../app/page";
import type { PublicCar, WithId } from "../../backend/port";
import { formatDate, formatDaysGenitive } from "../../domain/format";
import type { Offer } from "../../domain/schemas";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { carName } from "../lib/labels";
import { Link, usePageData } from "../lib/siteRouter";
import { discountLabel } from "./offerLabels";

interface OffersData {
  offers: WithId<Offer>[];
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<OffersData> {
  const [offers, cars] = await Promise.all([backend.site.offers(), backend.site.cars()]);
  return { offers, cars };
}

export { discountLabel } from "./offerLabels";

export default function OffersPage() {
  const { offers, cars } = usePageData<OffersData>();
  const { files } = useBackend();
  const carsById = new Map(cars.map((car) => [car.id, car]));

  return (
    <div className="container">
      <PageMeta
        title="Automobilių nuomos akcijos ir nuolaidos"
        description="Dabartinės automobilių nuomos akcijos: nuolaidos ekonominės, kompaktinės ir kitų klasių automobiliams. Nuolaida pritaikoma automatiškai rezervuojant internetu."
      />
      <PageHeader title="Akcijos" lead="Dabartiniai pasiūlymai. Nuolaida pritaikoma automatiškai rezervuojant." />
      {offers.length === 0 ? (
        <p className="empty">Šiuo metu akcijų nėra. Užsukite vėliau arba peržiūrėkite mūsų automobilius.</p>
      ) : (
        <ul className="post-list">
          {offers.map((offer) => {
            const linked = offer.carIds.map((id) => carsById.get(id)).filter((car): car is PublicCar => Boolean(car));
            const badge = discountLabel(offer.discount);
            return (
              <li key={offer.id}>
                <article id={offer.slug} className="post-card" aria-labelledby={`offer-${offer.id}`}>
                  {offer.image ? (
                    <img src={files.url(offer.image)} alt="" width={640} height={360} loading="lazy" decoding="async" />
                  ) : null}
                  <div className="post-card__body">
                    {badge ? <span className="badge">{badge}</span> : null}
                    <h2 id={`offer-${offer.id}`}>{offer.title}</h2>
                    <span className="post-card__meta">
                      Galioja {formatDate(offer.validFrom)} – {formatDate(offer.validTo)}
                      {offer.minDays > 1 ? `, nuomojant nuo ${formatDaysGenitive(offer.minDays)}` : ""}
                    </span>
                    {offer.body ? <RichText text={offer.body} className="prose muted" /> : null}
                    <p>
                      {linked.length > 0 ? (
                        <>
                          Taikoma:{" "}
                          {linked.map((car, index) => (
                            <span key={car.id}>
                              {index > 0 ? ", " : ""}
                              <Link to={`/automobiliai/${car.slug}`}>{carName(car)}</Link>
                            </span>
                          ))}
                        </>
                      ) : (
                        "Taikoma visiems automobiliams."
                      )}
                    </p>
                    <Link
                      className="button button--accent button--small post-card__action"
                      to={linked.length === 1 && linked[0] ? `/rezervacija?car=${linked[0].slug}` : "/rezervacija"}
                    >
                      Rezervuoti<span className="visually-hidden"> su akcija „{offer.title}“</span>
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
