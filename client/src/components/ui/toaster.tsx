import { dismissToast, useToasts } from "@/hooks/use-toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";

/** Spec 000 §9: notices stay 5000 ms unless a caller asks otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 5000;

/** Renders the notice store; mounted once in the app provider. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={DEFAULT_TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((t) => (
        <Toast
          key={t.id}
          open={t.open}
          variant={t.variant}
          duration={t.duration}
          type={t.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <div className="grid gap-0.5">
            <ToastTitle>{t.title}</ToastTitle>
            {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
