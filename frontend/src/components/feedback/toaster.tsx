import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from "react";

// SPEC §9: one toast at a time, 5 s by default, swipe right past 50 px, F8 focuses the viewport.
// The Radix toast code loads with the first toast, so pages that never toast never download it.
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
export type ToastItem = ToastInput & { id: number };

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);
const ToastView = lazy(() => import("./toast-view"));

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const show = useCallback((toast: ToastInput) => setCurrent({ ...toast, id: Date.now() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView toast={current} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
