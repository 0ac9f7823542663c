import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Channel } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { firstMessages as messages } from "../../../../contract/first-messages";
import type {
  Member,
  MyOrganizations,
  OrganizationProfile,
  OrganizationSummary,
} from "../../../../contract/organizations";
import { workspaceEndpoints } from "../../../../contract/workspace-endpoints";
import { call } from "../../api/client";
import type { Moment } from "../../api/moment";
import { endpointKey, type LoadStatus, loadStatusOf, readFromNow, useEndpointQuery } from "../../api/query";
import { useLive, useTopic } from "../../api/useRealtime";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";

export type Area = "organization" | "member";

export interface Workspace {
  area: Area;
  /** The organizations the user belongs to (the strip) and the current one. */
  organizations: OrganizationSummary[];
  /** The organizations the user asked to join, waiting for an administrator. */
  pending: MyOrganizations["pending"];
  /** The organization an administrator removed the user from while this tab was open. */
  removedFrom: string | null;
  currentId: string | null;
  current: OrganizationProfile | null;
  channels: Channel[];
  members: Member[];
  /** User ids online now in the current organization (presence); none while the live connection is lost (not known then). */
  online: Set<string>;
  status: LoadStatus;
  error: string | null;
  refresh(): Promise<void>;
  refreshChannels(): Promise<void>;
  refreshMembers(): Promise<void>;
  switchTo(organizationId: string): Promise<void>;
  setOnline(update: (online: Set<string>) => Set<string>): void;
  /** Puts a channel the server just returned (e.g. after a preference change) into the list. */
  replaceChannel(channel: Channel): void;
}

const NONE_PENDING: MyOrganizations["pending"] = [];

const WorkspaceContext = createContext<Workspace | null>(null);

const { mine, profile, members, online } = workspaceEndpoints;
const { list: channelList } = channelsEndpoints;
const of = (id: string) => ({ params: { id } });

/**
 * Reads the organization `mine` names as current (its profile, channels and members) before `mine`
 * lands in the cache: the frame stays on screen with the last organization until the next one is
 * whole, then everything changes at once. A failed read shows as the workspace's error.
 */
async function settle(queryClient: QueryClient, next: MyOrganizations): Promise<void> {
  const id = next.current_id;
  if (id) {
    await Promise.allSettled(
      [profile, channelList, members].map((endpoint) =>
        queryClient.fetchQuery({
          queryKey: endpointKey(endpoint, of(id)),
          queryFn: () => call(endpoint, of(id)),
          staleTime: 0,
        }),
      ),
    );
  }
  queryClient.setQueryData(endpointKey(mine), next);
}

/** The signed-in user's workspace: organizations, the current one, its channels and members (queries). */
export function WorkspaceProvider({ area, children }: { area: Area; children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mineQuery = useEndpointQuery(mine, undefined, { enabled: !!user });
  // Until the list of organizations comes, the session's own: the workspace's reads go beside that
  // list's, not after it. The profile may be the device's copy from an earlier visit (an
  // organization left since), so only the list decides what the frame shows (`parts`).
  const currentId = mineQuery.data ? mineQuery.data.current_id : (user?.organization_id ?? null);
  const input = of(currentId ?? "");
  const enabled = { enabled: !!currentId };
  const profileQuery = useEndpointQuery(profile, input, enabled);
  const channelsQuery = useEndpointQuery(channelList, input, enabled);
  const membersQuery = useEndpointQuery(members, input, enabled);
  // Who was online before this screen subscribed; presence.updated events keep it current.
  const onlineQuery = useEndpointQuery(online, input, enabled);

  const parts =
    mineQuery.data && currentId ? [mineQuery, profileQuery, channelsQuery, membersQuery] : [mineQuery];
  const { status, failure } = loadStatusOf(parts);
  const error = status === "error" ? (failure?.message ?? messages.unexpected) : null;

  const refresh = useCallback(async () => {
    try {
      await settle(queryClient, await call(mine));
    } catch {
      // The list of organizations could not be read: its query reads again and shows the error.
      await readFromNow(queryClient, endpointKey(mine));
    }
  }, [queryClient]);

  /** `since`: a subscription's confirmation (readFromNow); none: read them again now. */
  const refreshChannels = useCallback(
    async (since?: Moment) => {
      if (currentId) await readFromNow(queryClient, endpointKey(channelList, of(currentId)), { since });
    },
    [queryClient, currentId],
  );

  const refreshMembers = useCallback(
    async (since?: Moment) => {
      if (!currentId) return;
      await Promise.all([
        readFromNow(queryClient, endpointKey(profile, of(currentId)), { since }),
        readFromNow(queryClient, endpointKey(members, of(currentId)), { since }),
        // The strip shows names and logos: an organization renamed elsewhere is renamed here too.
        readFromNow(queryClient, endpointKey(mine), { since }),
      ]);
    },
    [queryClient, currentId],
  );

  const switchTo = useCallback(
    async (organizationId: string) => {
      const next = await call(workspaceEndpoints.switchTo, { body: { organization_id: organizationId } });
      // The frame stays on screen (the strip shows the switch in progress) while the data reloads.
      await settle(queryClient, next);
    },
    [queryClient],
  );

  const replaceChannel = useCallback(
    (channel: Channel) =>
      queryClient.setQueryData<{ channels: Channel[] }>(
        endpointKey(channelList, of(channel.organization_id)),
        (data) =>
          data && { channels: data.channels.map((item) => (item.id === channel.id ? channel : item)) },
      ),
    [queryClient],
  );

  const setOnline = useCallback(
    (update: (online: Set<string>) => Set<string>) => {
      if (!currentId) return;
      queryClient.setQueryData<{ user_ids: string[] }>(endpointKey(online, of(currentId)), (data) => ({
        user_ids: [...update(new Set(data?.user_ids ?? []))],
      }));
    },
    [queryClient, currentId],
  );

  // Live updates of the current organization: lists are read again (channel records carry the
  // viewer's own preferences and permissions, which events do not), the rest is applied as it comes.
  const userId = user?.id;
  const toast = useToast();
  /** The organization an administrator removed the user from, while this tab is open (said where "No Organization" is). */
  const [removedFrom, setRemovedFrom] = useState<string | null>(null);
  const ours = (organizationId: string) => organizationId === currentId;
  const again = (refetch: () => Promise<void>) => void refetch();
  const membersChanged = (event: { organization_id: string }) =>
    ours(event.organization_id) && again(refreshMembers);
  useTopic(
    currentId ? `org:${currentId}` : null,
    {
      "channel.created": (event) => ours(event.organization_id) && again(refreshChannels),
      "channel.updated": (event) => ours(event.organization_id) && again(refreshChannels),
      "channel.deleted": (event) => ours(event.organization_id) && again(refreshChannels),
      // Someone joined, or shared their e-mail or no longer (settings › privacy).
      "member.joined": membersChanged,
      "member.updated": membersChanged,
      "member.left": (event) => {
        if (!ours(event.organization_id)) return;
        // Removed from the organization: the whole workspace changes (another current one, or none).
        again(event.user_id === userId ? refresh : refreshMembers);
      },
      // Administration given or taken back: the list changes, and with the viewer's own role their
      // rights in each channel (its record carries what the viewer may do there).
      "member.role_changed": (event) => {
        if (!ours(event.organization_id)) return;
        if (event.user_id === userId) again(refreshChannels);
        again(refreshMembers);
      },
      "organization.updated": ({ organization }) => {
        if (!ours(organization.id)) return;
        queryClient.setQueryData<OrganizationProfile>(
          endpointKey(profile, of(organization.id)),
          (data) => data && { ...data, ...organization },
        );
        queryClient.setQueryData<MyOrganizations>(
          endpointKey(mine),
          (data) =>
            data && {
              ...data,
              organizations: data.organizations.map((item) =>
                item.id === organization.id
                  ? { ...item, name: organization.name, logo_url: organization.logo_url }
                  : item,
              ),
            },
        );
      },
      "organization.status_changed": (event) => {
        if (!ours(event.organization_id)) return;
        queryClient.setQueryData<OrganizationProfile>(
          endpointKey(profile, of(event.organization_id)),
          (data) => data && { ...data, status: event.status },
        );
      },
      "presence.updated": (event) => {
        if (!ours(event.organization_id)) return;
        setOnline((previous) => {
          if (previous.has(event.user_id) === event.online) return previous;
          if (event.online) previous.add(event.user_id);
          else previous.delete(event.user_id);
          return previous;
        });
      },
    },
    // Events sent while the socket was down are lost: catch up on every (re)subscription.
    (since) => {
      void refreshChannels(since);
      void refreshMembers(since);
      // Who is online, whatever the quiet (a topic's quiet leaves presence out: server/realtime/quiet.ts).
      if (currentId) void readFromNow(queryClient, endpointKey(online, of(currentId)));
    },
  );
  const organizations = mineQuery.data?.organizations;
  const pending = mineQuery.data?.pending;
  // A join request decided elsewhere adds an organization to the strip (or makes it the first one).
  useTopic(
    userId ? `user:${userId}` : null,
    {
      // Approved, the organization joins the strip; declined or approved, it is no longer waiting.
      "join_request.decided": () => again(refresh),
      // Left or removed in another tab, or by an administrator: the strip drops the organization.
      "member.left": (event) => {
        if (event.reason === "removed") {
          const name = organizations?.find((o) => o.id === event.organization_id)?.name;
          if (name) {
            toast(messages.removedFromOrganization(name), "info");
            setRemovedFrom(name);
          }
        }
        again(refresh);
      },
    },
    // A request decided, or a membership ended, while the socket was not listening.
    (since) => void readFromNow(queryClient, endpointKey(mine), { since }),
  );

  // Presence is only known while live: with the connection lost, no one is shown online.
  const live = useLive();
  const onlineIds = live ? onlineQuery.data?.user_ids : undefined;
  const value = useMemo<Workspace>(
    () => ({
      area,
      organizations: organizations ?? [],
      pending: pending ?? NONE_PENDING,
      removedFrom,
      currentId,
      current: (currentId && profileQuery.data) || null,
      channels: (currentId && channelsQuery.data?.channels) || [],
      members: (currentId && membersQuery.data?.members) || [],
      online: new Set(onlineIds ?? []),
      status,
      error,
      refresh,
      refreshChannels,
      refreshMembers,
      switchTo,
      setOnline,
      replaceChannel,
    }),
    [
      area,
      organizations,
      pending,
      removedFrom,
      currentId,
      profileQuery.data,
      channelsQuery.data,
      membersQuery.data,
      onlineIds,
      status,
      error,
      refresh,
      refreshChannels,
      refreshMembers,
      switchTo,
      setOnline,
      replaceChannel,
    ],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error("useWorkspace must be used within a WorkspaceProvider");
  return workspace;
}
