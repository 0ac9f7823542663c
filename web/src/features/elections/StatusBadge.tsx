import { Badge } from "../../ui/Badge";
import { channelStatusTone, resultsStatusTone, statusLabel } from "./format";

/** The election's status as a coloured badge; each screen has its own colour rule (spec). */
export function StatusBadge({
  status,
  scheme,
  className,
}: {
  status: string;
  scheme: "channel" | "results";
  /** The screen's own additions to the look. */
  className?: string;
}) {
  const tone = scheme === "channel" ? channelStatusTone(status) : resultsStatusTone(status);
  return (
    <Badge tone={tone} dot className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
