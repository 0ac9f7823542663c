import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ChannelPosters, channelSettingsMessages } from "../../../../../contract/channel-settings";
import type { Channel } from "../../../../../contract/channels";
import { channelsEndpoints } from "../../../../../contract/channels-endpoints";
import { channelMembersInput } from "../../../../../contract/channels-input";
import { messages } from "../../../../../contract/messages";
import { endpointKey, useEndpointQuery } from "../../../api/query";
import { Email } from "../../../ui/Email";
import { LoadState } from "../../../ui/LoadState";
import { text } from "../../workspace/text";
import { useWorkspace } from "../../workspace/WorkspaceContext";
import styles from "../channelSettings.module.css";
import { Section, SectionFoot, useSectionForm } from "./section";

/** Whether the chosen posters differ from the saved ones (in any order). */
export const postersChanged = (saved: readonly string[], chosen: readonly string[]): boolean =>
  saved.length !== chosen.length || saved.some((id) => !chosen.includes(id));

const schema = channelMembersInput.pick({ user_ids: true });
const versionedOf = (posters: ChannelPosters) => ({
  saved: { user_ids: posters.user_ids },
  version: posters.version,
});

/**
 * Member Management (private channels): which voting members may post here. The list is chosen
 * whole, with the version it started from: a choice from an older one is refused (409), and another
 * tab's save (the channel's `posters_version` moves on with its event) keeps an unsaved choice here
 * and says so, with "Reload list"; with nothing unsaved the list simply shows theirs.
 */
export function PostersSection({ channel }: { channel: Channel }) {
  const { members } = useWorkspace();
  const queryClient = useQueryClient();
  const voters = members.filter((member) => member.role !== "admin");
  const input = { params: { id: channel.id } };
  const posters = useEndpointQuery(channelsEndpoints.posters, input);
  const saved = posters.data?.user_ids;
  // Another tab's or administrator's choice: the channel says the list moved on, and it is read again.
  const behind = posters.data !== undefined && channel.posters_version > posters.data.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the channel's version of the list decides
  useEffect(() => {
    if (behind) void posters.refetch();
  }, [behind, channel.posters_version]);
  const { form, clear, foot, changedElsewhere } = useSectionForm({
    schema,
    saved: { user_ids: saved ?? [] },
    endpoint: channelsEndpoints.setPosters,
    input: (body, version) => ({ ...input, body: { ...body, version } }),
    onSaved: (result) => queryClient.setQueryData(endpointKey(channelsEndpoints.posters, input), result),
    versioned: {
      // Nothing read yet: 0, so the list read stands as the first version.
      version: posters.data?.version ?? 0,
      of: versionedOf,
      read: async () => {
        const { data, error } = await posters.refetch();
        if (!data) throw error ?? new Error(messages.connectionError);
        return versionedOf(data);
      },
      changed: text.postersChangedElsewhere,
      staleWords: channelSettingsMessages.postersChangedElsewhere,
    },
  });
  const chosen = form.watch("user_ids");

  return (
    <Section title={text.memberManagement} intro={text.membersIntro}>
      <LoadState
        data={saved}
        error={posters.error?.message}
        loadingLabel={text.loadingMembers}
        errorTitle={messages.connectionError}
        retryLabel={text.retry}
        onRetry={() => void posters.refetch()}
        isEmpty={() => voters.length === 0}
        empty={<p className="muted">{text.noVoterMembers}</p>}
      >
        {() => (
          <fieldset className={styles.checkList}>
            <legend className="visually-hidden">{text.memberManagement}</legend>
            {voters.map((member) => (
              <label key={member.user_id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.includes(member.user_id)}
                  onChange={(event) => {
                    const others = chosen.filter((id) => id !== member.user_id);
                    const next = event.target.checked ? [...others, member.user_id] : others;
                    form.setValue("user_ids", next, { shouldDirty: true });
                    clear();
                  }}
                />
                <span>
                  <strong>{member.full_name}</strong>
                  {member.email && (
                    <span className={styles.checkNote}>
                      <Email address={member.email} />
                    </span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </LoadState>
      {changedElsewhere(text.reloadPosters)}
      <SectionFoot {...foot} dirty={saved !== undefined && postersChanged(saved, chosen)} />
    </Section>
  );
}
