import { useState } from "react";
import type { Channel } from "../../../../contract/channels";
import { Modal } from "../../ui/Modal";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { text } from "../workspace/text";
import styles from "./channelSettings.module.css";
import { NotificationSection } from "./settings/NotificationSection";
import { PermissionsSection } from "./settings/PermissionsSection";
import { PostersSection } from "./settings/PostersSection";
import { SecuritySettingsSection } from "./settings/SecuritySettingsSection";
import { VisibilitySection } from "./settings/VisibilitySection";

type SectionId = "notifications" | "security" | "permissions" | "visibility" | "members";

const SECTIONS: Array<TabDef<SectionId>> = [
  { key: "notifications", label: text.notificationSettings },
  { key: "security", label: text.securitySettings },
  { key: "permissions", label: text.channelPermissions },
  { key: "visibility", label: text.channelVisibility },
  { key: "members", label: text.memberManagement },
];

/** The channel's settings, one section at a time; each section saves through the API on its own. */
export function ChannelSettingsDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const [section, setSection] = useState<SectionId>("notifications");
  // Member Management exists on private channels only (it chooses who may post).
  const sections = SECTIONS.filter((item) => item.key !== "members" || channel.is_private);
  const shown = sections.some((item) => item.key === section) ? section : "notifications";

  return (
    <Modal title={text.settingsTitle(channel.name)} onClose={onClose} wide>
      <div className={styles.settings}>
        <Tabs<SectionId>
          tabs={sections}
          active={shown}
          onChange={setSection}
          label={text.settings}
          look="side"
        >
          {shown === "notifications" && <NotificationSection key={channel.id} channel={channel} />}
          {shown === "security" && <SecuritySettingsSection key={channel.id} channel={channel} />}
          {shown === "permissions" && <PermissionsSection key={channel.id} channel={channel} />}
          {shown === "visibility" && <VisibilitySection key={channel.id} channel={channel} />}
          {shown === "members" && <PostersSection key={channel.id} channel={channel} />}
        </Tabs>
      </div>
    </Modal>
  );
}
