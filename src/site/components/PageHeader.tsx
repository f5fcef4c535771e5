import type { ReactNode } from "react";
import { Link } from "../lib/siteRouter";

export interface Crumb {
  to: string;
  label: string;
}

/** The page's single h1, with optional breadcrumbs and a lead paragraph. */
export default function PageHeader({ title, lead, crumbs }: { title: ReactNode; lead?: ReactNode; crumbs?: Crumb[] }) {
  return (
    <header className="page-header">
      {crumbs && crumbs.length > 0 ? (
        <nav className="breadcrumbs" aria-label="Naršymo kelias">
          <ol>
            <li>
              <Link to="/">Pradžia</Link>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h1>{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
    </header>
  );
}
