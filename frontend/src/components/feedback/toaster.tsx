import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

// SPEC §9: one toast at a time, 5 s by default, swipe right past 50 px, F8 focuses the viewport.
export const TOAST_DURATION_MS = 5000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
type ToastItem = ToastInput & { id: number };

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const show = useCallback((toast: ToastInput) => setCurrent({ ...toast, id: Date.now() }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current && (
          <Toast.Root
            key={current.id}
            onOpenChange={(open) => !open && setCurrent(null)}
            className={`relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 ${
              current.variant === "destructive"
                ? "border-red-700 bg-red-600 text-white"
                : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <Toast.Title className="font-semibold">{current.title}</Toast.Title>
            {current.description && <Toast.Description className="text-sm">{current.description}</Toast.Description>}
            <Toast.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 hover:bg-black/10">
              <X aria-hidden="true" className="h-4 w-4" />
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="fixed right-0 bottom-0 z-50 flex w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
