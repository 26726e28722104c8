import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { SearchBox } from "@/components/search/search-box";
import { NavLinks } from "./header";

/** The side menu of small screens: a working search and the five main links. */
export default function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
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
