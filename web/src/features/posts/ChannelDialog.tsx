import type { Dialog } from "./context";
import { DeleteDialog } from "./DeleteDialog";
import { ForwardDialog } from "./ForwardDialog";
import { ImageViewer } from "./ImageViewer";
import { ReportDialog } from "./ReportDialog";

/** The dialog open over the text channel, if any. */
export function ChannelDialog({ dialog, onClose }: { dialog: Dialog | null; onClose(): void }) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case "delete":
      return <DeleteDialog post={dialog.post} onClose={onClose} />;
    case "forward":
      return <ForwardDialog post={dialog.post} onClose={onClose} />;
    case "report":
      return <ReportDialog post={dialog.post} onClose={onClose} />;
    case "image":
      return <ImageViewer attachment={dialog.attachment} onClose={onClose} />;
  }
}
