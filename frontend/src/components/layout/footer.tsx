import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { statsQueries } from "@/api/queries";

const FOOTER_GROUPS = [
  {
    title: "Popular Cities",
    links: [
      { to: "/za/johannesburg", label: "Johannesburg" },
      { to: "/za/cape-town", label: "Cape Town" },
      { to: "/au/sydney", label: "Sydney" },
      { to: "/us/new-york", label: "New York" },
    ],
  },
  {
    title: "Materials",
    links: [
      { to: "/material/copper", label: "Copper" },
      { to: "/material/brass", label: "Brass" },
      { to: "/material/aluminum", label: "Aluminum" },
      { to: "/material/steel", label: "Steel" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/contact", label: "Contact" },
      { to: "/content-disclaimer", label: "Content Disclaimer" },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  // Said only while the data shown is the demo set (/api/stats, embedded in every page).
  const { data: stats } = useQuery(statsQueries.site());
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">ScrapIndex</p>
          <p className="mt-2 text-sm">
            Scrap metal prices by city and material, and a directory of scrap yards in several countries.
          </p>
          <div className="mt-4 flex gap-3 text-sm">
            <a href="https://twitter.com/" className="hover:text-white" rel="noopener noreferrer">
              Twitter
            </a>
            <a href="https://facebook.com/" className="hover:text-white" rel="noopener noreferrer">
              Facebook
            </a>
          </div>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-xs text-slate-400">
          <p>
            All information on this site is educational and concerns legitimate recycling and environmental compliance.
            See our{" "}
            <Link to="/content-disclaimer" className="underline hover:text-white">
              content disclaimer
            </Link>
            .
          </p>
          {stats?.demoData && (
            <p>Prices, exchange rates and yard listings shown are a generated demo data set, not real quotes.</p>
          )}
          <p>© {year} ScrapIndex. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
