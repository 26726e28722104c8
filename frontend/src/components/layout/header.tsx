import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { SearchBox } from "@/components/search/search-box";
import { isActivePath, NAV_LINKS } from "./nav-links";

function Logo() {
  return (
    // Named by its text, not an aria-label, so the name holds the words a voice user reads on
    // screen (WCAG 2.5.3). On a phone the letters "SI" stand for the name: they are hidden from
    // assistive technology, which reads the full name instead.
    <Link to="/" className="flex items-center gap-2 font-bold text-brand-800">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#0f766e" />
        <path d="M9 21l4-10h6l4 10z" fill="#fbbf24" />
      </svg>
      <span className="hidden text-lg sm:inline">ScrapIndex</span>
      <span className="text-lg sm:hidden" aria-hidden="true">
        SI
      </span>
      <span className="sr-only sm:hidden">ScrapIndex</span>
    </Link>
  );
}

const MobileMenuDialog = lazy(() => import("./mobile-menu"));

export function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {NAV_LINKS.map((link) => {
        const active = isActivePath(pathname, link);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks />
        </nav>
        <div className="ml-auto hidden w-72 md:block lg:w-52 xl:w-72">
          <SearchBox id="header-search" />
        </div>
        <div className="ml-auto md:ml-0">
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
