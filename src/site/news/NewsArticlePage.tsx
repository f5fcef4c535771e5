import { useBackend } from "../../app/BackendContext";
import { notFound } from "../../app/httpErrors";
import type { PageLoadContext } from "../../app/page";
import type { WithId } from "../../backend/port";
import { formatDateLong } from "../../domain/format";
import type { News } from "../../domain/schemas";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { breadcrumbJsonLd, clampDescription, getSiteBaseUrl, newsArticleJsonLd } from "../lib/seo";
import { Link, usePageData } from "../lib/siteRouter";
import { useSettings } from "../useSettings";

interface ArticleData {
  article: WithId<News>;
}

export async function load({ backend, params, url }: PageLoadContext): Promise<ArticleData> {
  const article = await backend.site.newsItem(params.slug ?? "");
  if (!article) notFound(url, `Naujiena „${params.slug}“ nerasta.`);
  return { article };
}

export default function NewsArticlePage() {
  const { article } = usePageData<ArticleData>();
  const { files } = useBackend();
  const { company } = useSettings();
  const base = getSiteBaseUrl();
  return (
    <div className="container">
      <PageMeta
        title={article.title}
        description={clampDescription(article.excerpt || article.body || article.title)}
        type="article"
        image={article.image ? files.url(article.image) : null}
        jsonLd={[
          newsArticleJsonLd(article, { base, imageUrl: files.url, publisher: company.name }),
          breadcrumbJsonLd(
            [
              { name: "Pradžia", path: "/" },
              { name: "Naujienos", path: "/naujienos" },
              { name: article.title, path: `/naujienos/${article.slug}` },
            ],
            base,
          ),
        ]}
      />
      <article className="article">
        <PageHeader
          title={article.title}
          crumbs={[
            { to: "/naujienos", label: "Naujienos" },
            { to: `/naujienos/${article.slug}`, label: article.title },
          ]}
          lead={
            article.publishedAt ? (
              <time dateTime={article.publishedAt}>{formatDateLong(article.publishedAt)}</time>
            ) : undefined
          }
        />
        {article.image ? (
          <img className="article__image" src={files.url(article.image)} alt="" width={960} height={540} />
        ) : null}
        {/* The body is HTML sanitised by the server when staff save it. */}
        <RichText text={article.body} />
        <p>
          <Link to="/naujienos">← Visos naujienos</Link>
        </p>
      </article>
    </div>
  );
}
