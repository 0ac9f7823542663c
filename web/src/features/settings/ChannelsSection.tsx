import { CHANNEL_GROUPS, type Channel } from "../../../../contract/channels";
import type { UserSettings } from "../../../../contract/settings";
import { cx } from "../../ui/cx";
import { ScrollBox } from "../../ui/Table";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./SettingsPage.module.css";
import type { SettingsForm } from "./settingsForm";

type ChannelList = keyof UserSettings["channels"];

const CHANNEL_COLUMNS: Array<{ list: ChannelList; label: string }> = [
  { list: "mutedChannels", label: "Muted" },
  { list: "hiddenChannels", label: "Hidden" },
  { list: "favoriteChannels", label: "Favourite" },
];

/** Settings › Channels: each channel of the current organization muted, hidden or a favourite. */
export function ChannelsSection({ form }: { form: SettingsForm }) {
  const { current, channels } = useWorkspace();
  return (
    <section className={cx("card", styles.section, styles.wide)} aria-labelledby="st-channels">
      <h2 id="st-channels">Channels</h2>
      <p className={cx("muted", styles.sub)}>
        {current
          ? `Channels of ${current.name}. Muted channels raise no unread badge; hidden ones leave the sidebar; favourites come first.`
          : "Join an organization to access channels and participate in elections."}
      </p>
      {current && channels.length === 0 && (
        <p className={cx("muted", styles.empty)}>This organization hasn't created any channels yet.</p>
      )}
      {channels.length > 0 && <ChannelTable channels={channels} form={form} />}
    </section>
  );
}

function ChannelTable({ channels, form }: { channels: Channel[]; form: SettingsForm }) {
  const lists = form.watch("channels");
  const toggle = (list: ChannelList, channelId: string, on: boolean) => {
    const ids = lists[list].filter((id) => id !== channelId);
    form.setValue(`channels.${list}`, on ? [...ids, channelId] : ids, { shouldDirty: true });
  };
  const typeLabel = (channel: Channel) =>
    CHANNEL_GROUPS.find((group) => group.type === channel.type)?.label.replace(" Channels", "") ??
    channel.type;
  // A narrow screen scrolls the table sideways within its card, not the page past its edge.
  return (
    <ScrollBox>
      <table className={styles.table} aria-labelledby="st-channels">
        <thead>
          <tr>
            <th scope="col">Channel</th>
            {CHANNEL_COLUMNS.map((column) => (
              <th key={column.list} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <th scope="row">
                <span className={styles.channelName}>{channel.name}</span>
                <span className={styles.channelType}>
                  {typeLabel(channel)}
                  {channel.is_private && " · Private"}
                </span>
              </th>
              {CHANNEL_COLUMNS.map((column) => (
                <td key={column.list} data-label={column.label}>
                  <input
                    type="checkbox"
                    // With its type: an organization has a "General" channel of each kind.
                    aria-label={`${column.label}: ${channel.name} (${typeLabel(channel)})`}
                    checked={lists[column.list].includes(channel.id)}
                    onChange={(e) => toggle(column.list, channel.id, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
