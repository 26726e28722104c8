import { type ReactNode, type RefObject, Suspense, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";

export type DialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
};

type Props = {
  children: ReactNode;
  variant?: "primary" | "outline";
  className?: string;
  /** The dialog, a React.lazy component: its code loads on the first press, not with the page. */
  dialog: (state: DialogState) => ReactNode;
};

/** A button opening a lazily loaded dialog; once loaded it stays mounted, so its draft survives closing. */
export function LazyDialogButton({ children, variant = "outline", className = "", dialog }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={`${buttonClasses(variant)} ${className}`}
      >
        {children}
      </button>
      {wanted && <Suspense fallback={null}>{dialog({ open, onOpenChange: setOpen, returnFocus: button })}</Suspense>}
    </>
  );
}
