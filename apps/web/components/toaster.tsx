import * as Toast from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

type ToastKind = "success" | "error";
type ToastItem = { id: number; kind: ToastKind; title: string; description?: string };
type ShowToast = (toast: Omit<ToastItem, "id" | "kind"> & { kind?: ToastKind }) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The back-office's toasts (docs/spec/back-office.md section 3: every write shows one). Radix announces each to
 * screen readers; an error stays longer. F8 moves the focus to them.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((current) => [...current, { id: Date.now() + Math.random(), kind: "success", ...toast }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  return (
    <ToastContext value={show}>
      <Toast.Provider label="Notification" swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            type={toast.kind === "error" ? "foreground" : "background"}
            duration={toast.kind === "error" ? 8000 : 5000}
            onOpenChange={(open) => open || remove(toast.id)}
            className={`flex items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ${
              toast.kind === "error" ? "border-brand-100" : "border-green-200"
            }`}
          >
            {toast.kind === "error" ? (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            ) : (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            )}
            <div className="min-w-0 flex-1">
              <Toast.Title className="font-semibold text-ink">{toast.title}</Toast.Title>
              {toast.description && (
                <Toast.Description className="mt-0.5 text-sm text-gray-700">{toast.description}</Toast.Description>
              )}
            </div>
            <Toast.Close aria-label="Fermer" className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-ink">
              <X aria-hidden="true" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport
          label="Notifications ({hotkey})"
          className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
        />
      </Toast.Provider>
    </ToastContext>
  );
}

/** Shows a toast: `toast({ title: "Compte créé" })`, or `kind: "error"`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast() must be used inside <Toaster>");
  return useMemo(() => show, [show]);
}
