import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { SearchBox } from "@/components/search/search-box";
import { isActivePath, NAV_LINKS } from "./nav-links";

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-brand-800" aria-label="ScrapIndex home">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#0f766e" />
        <path d="M9 21l4-10h6l4 10z" fill="#fbbf24" />
      </svg>
      <span className="hidden text-lg sm:inline">ScrapIndex</span>
      <span className="text-lg sm:hidden">SI</span>
    </Link>
  );
}

function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {NAV_LINKS.map((link) => {
        const active = isActivePath(pathname, link.to);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${
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
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Open menu"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Search and site navigation</Dialog.Description>
          <SearchBox id="mobile-search" onNavigate={close} />
          <nav aria-label="Mobile">
            <NavLinks vertical onNavigate={close} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
        <div className="ml-auto hidden w-72 md:block">
          <SearchBox id="header-search" />
        </div>
        <div className="ml-auto md:ml-0">
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
