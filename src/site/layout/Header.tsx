import { useEffect, useState } from "react";
import type { CompanyDetails } from "../../domain/schemas";
import { Link, NavLink, useLocation } from "../lib/siteRouter";
import BrandMark from "./BrandMark";
import { MAIN_NAV, telHref } from "./navigation";

export default function Header({ company }: { company: CompanyDetails }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const phone = company.helpline ?? company.phones[0];

  // A chosen link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={`${company.brand} – pradžia`}>
          <BrandMark />
          <span className="brand__text">
            <span>{company.brand}</span>
            <span className="brand__tagline">Automobilių nuoma</span>
          </span>
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <svg className="menu-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            )}
          </svg>
          {open ? "Uždaryti" : "Meniu"}
        </button>
        <nav id="site-nav" className={open ? "site-nav site-nav--open" : "site-nav"} aria-label="Pagrindinis meniu">
          <ul className="site-nav__list">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {phone ? (
              <li className="site-nav__phone">
                <a className="site-nav__link" href={telHref(phone)}>
                  <span className="visually-hidden">Skambinkite: </span>
                  {phone}
                </a>
              </li>
            ) : null}
            <li className="site-nav__cta">
              <Link to="/rezervacija" className="button button--accent button--small">
                Rezervuoti
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
