import { Badge, type BadgeTone } from "../../ui/Badge";
import styles from "./AdminDashboardPage.module.css";

/** Each status or severity the platform admin sees, in its colour (spec part 2 section 4). */
const TONES: Record<string, BadgeTone> = {
  active: "green",
  resolved: "green",
  suspended: "red",
  critical: "red",
  inactive: "grey",
  low: "blue",
  medium: "yellow",
  high: "orange",
};

/** A status or severity as the kit's badge, its word as the server sends it. */
export function StatusBadge({ value }: { value: string }) {
  return (
    <Badge tone={TONES[value] ?? "grey"}>
      <span className={styles.badgeWord}>{value}</span>
    </Badge>
  );
}
