import { useBackend } from "../../app/BackendContext";
import type { PageLoadContext } from "../../app/page";
import type { WithId } from "../../backend/port";
import { formatDateLong } from "../../domain/format";
import type { News } from "../../domain/schemas";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { Link, usePageData } from "../lib/siteRouter";

interface NewsData {
  news: WithId<News>[];
}

export async function load({ backend }: PageLoadContext): Promise<NewsData> {
  return { news: await backend.site.news() };
}

export default function NewsPage() {
  const { news } = usePageData<NewsData>();
  const { files } = useBackend();
  return (
    <div className="container">
      <PageMeta
        title="Naujienos ir patarimai keliaujantiems"
        description="Automobilių nuomos naujienos: nauji automobiliai mūsų parke, patarimai keliaujantiems Lietuvoje ir užsienyje, sezoniniai pasiūlymai."
      />
      <PageHeader title="Naujienos" lead="Nauji automobiliai, patarimai kelionėms ir mūsų žinios." />
      {news.length === 0 ? (
        <p className="empty">Naujienų dar nėra.</p>
      ) : (
        <ul className="post-list">
          {news.map((item) => (
            <li key={item.id}>
              <article className="post-card">
                {item.image ? (
                  <img src={files.url(item.image)} alt="" width={640} height={360} loading="lazy" decoding="async" />
                ) : null}
                <div className="post-card__body">
                  {item.publishedAt ? (
                    <time className="post-card__meta" dateTime={item.publishedAt}>
                      {formatDateLong(item.publishedAt)}
                    </time>
                  ) : null}
                  <h2>
                    <Link to={`/naujienos/${item.slug}`}>{item.title}</Link>
                  </h2>
                  {item.excerpt ? <p>{item.excerpt}</p> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
