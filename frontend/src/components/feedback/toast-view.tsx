import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { TOAST_DURATION_MS, type ToastItem } from "./toaster";

export default function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      <Toast.Root
        key={toast.id}
        onOpenChange={(open) => !open && onDismiss()}
        className={`relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
          toast.variant === "destructive"
            ? "border-red-700 bg-red-700 text-white"
            : "border-slate-200 bg-white text-slate-900"
        }`}
      >
        <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
        {toast.description && <Toast.Description className="text-sm">{toast.description}</Toast.Description>}
        <Toast.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 hover:bg-black/10">
          <X aria-hidden="true" className="h-4 w-4" />
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport className="fixed right-0 bottom-0 z-50 flex w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
