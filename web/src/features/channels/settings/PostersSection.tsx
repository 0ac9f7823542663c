import { useQueryClient } from "@tanstack/react-query";
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

/** Member Management (private channels): which voting members may post here. */
export function PostersSection({ channel }: { channel: Channel }) {
  const { members } = useWorkspace();
  const queryClient = useQueryClient();
  const voters = members.filter((member) => member.role !== "admin");
  const input = { params: { id: channel.id } };
  const posters = useEndpointQuery(channelsEndpoints.posters, input);
  const saved = posters.data?.user_ids;
  const { form, clear, foot } = useSectionForm({
    schema: channelMembersInput,
    saved: { user_ids: saved ?? [] },
    endpoint: channelsEndpoints.setPosters,
    input: (body) => ({ ...input, body }),
    onSaved: (result) => queryClient.setQueryData(endpointKey(channelsEndpoints.posters, input), result),
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
      <SectionFoot {...foot} dirty={saved !== undefined && postersChanged(saved, chosen)} />
    </Section>
  );
}
