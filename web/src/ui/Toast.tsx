import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { cx } from "./cx";
import styles from "./Toast.module.css";

type Tone = "success" | "error" | "info";
interface ToastItem {
  id: number;
  text: string;
  tone: Tone;
}

/** The look of each tone ("info" keeps the plain toast). */
const TONES: Record<Tone, string | undefined> = {
  success: styles.success,
  error: styles.error,
  info: undefined,
};

const ToastContext = createContext<((text: string, tone?: Tone) => void) | null>(null);

/** Short notices ("Link Copied!", errors of actions) shown at the top of the screen for a few seconds, clear of the composers at the bottom. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback((text: string, tone: Tone = "success") => {
    const id = next.current++;
    setItems((list) => [...list, { id, text, tone }]);
    setTimeout(
      () => setItems((list) => list.filter((item) => item.id !== id)),
      tone === "error" ? 6000 : 3000,
    );
  }, []);
  const value = useMemo(() => show, [show]);
  const layer = useRef<HTMLDivElement>(null);
  // Shown again on each new toast so that it lies above a modal dialog opened since (the top layer
  // stacks in the order things were shown).
  useLayoutEffect(() => {
    const node = layer.current;
    if (!node || typeof node.showPopover !== "function" || items.length === 0) return;
    if (node.matches(":popover-open")) node.hidePopover();
    node.showPopover();
  }, [items]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div ref={layer} className={styles.toasts} aria-live="polite" popover="manual">
        {items.map((item) => (
          <div
            key={item.id}
            className={cx(styles.toast, TONES[item.tone])}
            role={item.tone === "error" ? "alert" : "status"}
          >
            {item.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (text: string, tone?: Tone) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return show;
}
