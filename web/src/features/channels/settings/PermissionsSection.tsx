import type { Channel, ChannelPermissions } from "../../../../../contract/channels";
import { updateChannelInput } from "../../../../../contract/channels-input";
import { changedFields } from "../../../ui/form/useFollowSaved";
import { Toggle } from "../../../ui/Toggle";
import { text } from "../../workspace/text";
import styles from "../channelSettings.module.css";
import { Section, SectionFoot, useChannelUpdateForm } from "./section";

const schema = updateChannelInput.pick({ permissions: true }).required();

/**
 * What members may do in the channel besides reading. The switches are independent: only those
 * changed here are sent (merged into the stored ones), so another tab's change to the other stays.
 */
export function PermissionsSection({ channel }: { channel: Channel }) {
  const { form, clear, foot } = useChannelUpdateForm(
    channel,
    schema,
    (saved) => ({ permissions: saved.permissions }),
    ({ permissions }) => ({ permissions: changedFields(permissions, channel.permissions) }),
  );
  const permissions = form.watch("permissions");
  const toggle = (key: keyof ChannelPermissions, label: string) => (
    <Toggle
      label={label}
      checked={permissions[key] ?? false}
      disabled={foot.busy}
      onChange={(next) => {
        form.setValue(`permissions.${key}`, next, { shouldDirty: true });
        clear();
      }}
    />
  );
  return (
    <Section title={text.channelPermissions} intro={text.permissionsIntro}>
      <div className={styles.toggleList}>
        {toggle("membersCanComment", text.membersCanComment)}
        {toggle("membersCanAttach", text.membersCanAttach)}
      </div>
      <SectionFoot {...foot} />
    </Section>
  );
}
