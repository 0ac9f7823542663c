import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Election } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { type ElectionRoll, invitationsEndpoints, type RollKind } from "../../../../contract/invitations";
import { useEndpointMutation, useEndpointQuery } from "../../api/query";
import { FilterField } from "../../ui/FilterField";
import { formatCount } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./RollDialog.module.css";
import { text } from "./text";
import { refreshElection } from "./useElections";

/**
 * Who may vote, chosen while the election is upcoming: every voter member, or the voters picked
 * and the people of imported lists once they have joined. Fixed when voting opens.
 */
export function RollDialog({ election, onClose }: { election: Election; onClose(): void }) {
  const roll = useEndpointQuery(electionsEndpoints.roll, { params: { id: election.id } });
  // The choice starts from the roll read as the dialog opens, never from a copy kept since (another
  // tab or administrator may have chosen meanwhile); its version goes with the save.
  const fresh = roll.isFetchedAfterMount ? roll.data : undefined;
  const lists = useEndpointQuery(invitationsEndpoints.list, { params: { id: election.organization_id } });
  return (
    <Modal title={text.rollChoose} onClose={onClose} wide>
      <LoadState
        data={fresh && lists.data ? { roll: fresh, lists: lists.data.lists } : null}
        error={roll.error?.message ?? lists.error?.message}
        loadingLabel={text.loading}
        errorTitle={text.connectionError}
        retryLabel={text.retry}
        onRetry={() => {
          void roll.refetch();
          void lists.refetch();
        }}
      >
        {(data) => <RollForm election={election} roll={data.roll} lists={data.lists} onClose={onClose} />}
      </LoadState>
    </Modal>
  );
}

function RollForm({
  election,
  roll,
  lists,
  onClose,
}: {
  election: Election;
  roll: ElectionRoll;
  lists: Array<{ id: string; name: string; invited: number; joined: number }>;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const { members } = useWorkspace();
  const voters = members.filter((m) => m.user_type === "voter");
  const [kind, setKind] = useState<RollKind>(roll.kind);
  const [userIds, setUserIds] = useState(() => new Set(roll.user_ids));
  const [listIds, setListIds] = useState(() => new Set(roll.list_ids));
  const [filter, setFilter] = useState("");
  const save = useEndpointMutation(electionsEndpoints.setRoll, {
    onSuccess: () => {
      refreshElection(queryClient, election.id);
      onClose();
    },
  });
  const toggle = (set: Set<string>, id: string, update: (next: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const needle = filter.trim().toLowerCase();
  const shown = needle ? voters.filter((v) => v.full_name.toLowerCase().includes(needle)) : voters;
  const { version } = roll;
  const body =
    kind === "members"
      ? { kind, version }
      : { kind, user_ids: [...userIds], list_ids: [...listIds], version };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ params: { id: election.id }, body });
      }}
    >
      <fieldset className={styles.choice}>
        <legend>{text.rollWho}</legend>
        <label className={styles.option}>
          <input type="radio" name="roll" checked={kind === "members"} onChange={() => setKind("members")} />
          {text.rollEveryMember}
        </label>
        <label className={styles.option}>
          <input type="radio" name="roll" checked={kind === "chosen"} onChange={() => setKind("chosen")} />
          {text.rollChosenOption}
        </label>
      </fieldset>
      {kind === "chosen" && (
        <div className={styles.columns}>
          <fieldset className={styles.group}>
            <legend>{text.rollLists}</legend>
            {lists.length === 0 ? (
              <p className="muted">{text.rollNoLists}</p>
            ) : (
              lists.map((list) => (
                <label key={list.id} className={styles.option}>
                  <input
                    type="checkbox"
                    checked={listIds.has(list.id)}
                    onChange={() => toggle(listIds, list.id, setListIds)}
                  />
                  <span>
                    {list.name}{" "}
                    <span className="muted">
                      ({formatCount(list.joined)} of {formatCount(list.invited)} joined)
                    </span>
                  </span>
                </label>
              ))
            )}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>
              {text.rollMembers} ({formatCount(userIds.size)} picked)
            </legend>
            {voters.length > 8 && (
              <FilterField label={text.filterVoters} value={filter} onChange={setFilter} />
            )}
            <div className={styles.scroll}>
              {voters.length === 0 && <p className="muted">{text.noVoters}</p>}
              {shown.map((voter) => (
                <label key={voter.user_id} className={styles.option}>
                  <input
                    type="checkbox"
                    checked={userIds.has(voter.user_id)}
                    onChange={() => toggle(userIds, voter.user_id, setUserIds)}
                  />
                  {voter.full_name}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
      {save.error && (
        <p className="alert alert-error" role="alert">
          {messageOf(save.error)}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : text.rollSave}
        </button>
      </div>
    </form>
  );
}
