import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Channel } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import type { Member, OrganizationProfile, OrganizationSummary } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { useTopic } from "../../api/useRealtime";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";

export type Area = "organization" | "member";

export interface Workspace {
  area: Area;
  /** The organizations the user belongs to (the strip) and the current one. */
  organizations: OrganizationSummary[];
  currentId: string | null;
  current: OrganizationProfile | null;
  channels: Channel[];
  members: Member[];
  /** User ids online now in the current organization (presence). */
  online: Set<string>;
  status: "loading" | "ready" | "error";
  error: string | null;
  refresh(): Promise<void>;
  refreshChannels(): Promise<void>;
  refreshMembers(): Promise<void>;
  switchTo(organizationId: string): Promise<void>;
  setOnline(update: (online: Set<string>) => Set<string>): void;
  /** Puts a channel the server just returned (e.g. after a preference change) into the list. */
  replaceChannel(channel: Channel): void;
}

const WorkspaceContext = createContext<Workspace | null>(null);

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * Runs `task` now, or once more after the run in progress when called again meanwhile: a burst of
 * events (a duplicate, a bulk change) costs at most two fetches, and the last one sees everything.
 */
function coalesced(task: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      // A failed live refresh leaves the last good list on screen; the next event or reconnect retries.
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/** Loads the signed-in user's workspace: organizations, the current one, its channels and members. */
export function WorkspaceProvider({ area, children }: { area: Area; children: ReactNode }) {
  const { user } = useAuth();
  const [organizations, setOrganizations] = useState<OrganizationSummary[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [current, setCurrent] = useState<OrganizationProfile | null>(null);
  const [channels, setChannels] = useState<Channel[]>([]);
  const [members, setMembers] = useState<Member[]>([]);
  const [online, setOnlineState] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<Workspace["status"]>("loading");
  const [error, setError] = useState<string | null>(null);
  // Answers can arrive out of order (a switch while a refresh is out): only the latest may land.
  const generation = useRef(0);
  const currentRef = useRef<string | null>(null);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const list = await call(organizationsEndpoints.mine);
      if (mine !== generation.current) return;
      const id = list.current_id;
      let profile: OrganizationProfile | null = null;
      let channelList: Channel[] = [];
      let people: Member[] = [];
      if (id) {
        const [p, c, m] = await Promise.all([
          call(organizationsEndpoints.profile, { params: { id: id } }),
          call(channelsEndpoints.list, { params: { id: id } }),
          call(organizationsEndpoints.members, { params: { id: id } }),
        ]);
        profile = p;
        channelList = c.channels;
        people = m.members;
      }
      if (mine !== generation.current) return;
      if (currentRef.current !== id) setOnlineState(new Set());
      currentRef.current = id;
      setOrganizations(list.organizations);
      setCurrentId(id);
      setCurrent(profile);
      setChannels(channelList);
      setMembers(people);
      setError(null);
      setStatus("ready");
    } catch (failure) {
      if (mine !== generation.current) return;
      setError(messageOf(failure));
      setStatus("error");
    }
  }, []);

  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  const refreshChannels = useCallback(async () => {
    const id = currentRef.current;
    if (!id) return;
    const list = await call(channelsEndpoints.list, { params: { id: id } });
    if (currentRef.current === id) setChannels(list.channels);
  }, []);

  const refreshMembers = useCallback(async () => {
    const id = currentRef.current;
    if (!id) return;
    const [profile, people, mine] = await Promise.all([
      call(organizationsEndpoints.profile, { params: { id: id } }),
      call(organizationsEndpoints.members, { params: { id: id } }),
      call(organizationsEndpoints.mine),
    ]);
    if (currentRef.current !== id) return;
    setCurrent(profile);
    setMembers(people.members);
    // The strip shows names and logos: an organization renamed elsewhere is renamed here too.
    setOrganizations(mine.organizations);
  }, []);

  const switchTo = useCallback(
    async (organizationId: string) => {
      await call(organizationsEndpoints.switchTo, { body: { organization_id: organizationId } });
      // The frame stays on screen (the strip shows the switch in progress) while the data reloads.
      await load();
    },
    [load],
  );

  const replaceChannel = useCallback((channel: Channel) => {
    setChannels((list) => list.map((item) => (item.id === channel.id ? channel : item)));
  }, []);

  // Live updates of the current organization: lists are refetched (channel records carry the
  // viewer's own preferences and permissions, which events do not), presence is applied as it comes.
  const [live] = useState(() => ({
    channels: coalesced(() => refreshChannels()),
    members: coalesced(() => refreshMembers()),
    all: coalesced(() => load()),
  }));
  const userId = user?.id;
  const toast = useToast();
  const ours = (organizationId: string) => organizationId === currentRef.current;
  useTopic(
    currentId ? `org:${currentId}` : null,
    {
      "channel.created": (event) => ours(event.organization_id) && live.channels(),
      "channel.updated": (event) => ours(event.organization_id) && live.channels(),
      "channel.deleted": (event) => ours(event.organization_id) && live.channels(),
      "member.joined": (event) => ours(event.organization_id) && live.members(),
      "member.left": (event) => {
        if (!ours(event.organization_id)) return;
        // Removed from the organization: the whole workspace changes (another current one, or none).
        if (event.user_id === userId) live.all();
        else live.members();
      },
      // Administration given or taken back: the list, and the viewer's own role and rights, change.
      "member.role_changed": (event) => ours(event.organization_id) && live.members(),
      "organization.updated": ({ organization }) => {
        if (!ours(organization.id)) return;
        setCurrent((profile) => (profile ? { ...profile, ...organization } : profile));
        setOrganizations((list) =>
          list.map((item) =>
            item.id === organization.id
              ? { ...item, name: organization.name, logo_url: organization.logo_url }
              : item,
          ),
        );
      },
      "organization.status_changed": (event) => {
        if (!ours(event.organization_id)) return;
        setCurrent((profile) => (profile ? { ...profile, status: event.status } : profile));
      },
      "presence.updated": (event) => {
        if (!ours(event.organization_id)) return;
        setOnlineState((previous) => {
          if (previous.has(event.user_id) === event.online) return previous;
          const next = new Set(previous);
          if (event.online) next.add(event.user_id);
          else next.delete(event.user_id);
          return next;
        });
      },
    },
    // Events sent while the socket was down are lost: catch up on every (re)subscription.
    () => {
      live.channels();
      live.members();
      // Who was online before this screen subscribed; presence.updated events keep it current.
      const id = currentRef.current;
      if (id) {
        call(organizationsEndpoints.online, { params: { id: id } })
          .then(({ user_ids }) => {
            if (currentRef.current === id) setOnlineState(new Set(user_ids));
          })
          .catch(() => {});
      }
    },
  );
  // A join request decided elsewhere adds an organization to the strip (or makes it the first one).
  useTopic(userId ? `user:${userId}` : null, {
    "join_request.decided": (event) => event.status === "approved" && live.all(),
    // Left or removed in another tab, or by an administrator: the strip drops the organization.
    "member.left": (event) => {
      if (event.reason === "removed") {
        const name = organizations.find((o) => o.id === event.organization_id)?.name;
        if (name) toast(messages.removedFromOrganization(name), "info");
      }
      live.all();
    },
  });

  const value = useMemo<Workspace>(
    () => ({
      area,
      organizations,
      currentId,
      current,
      channels,
      members,
      online,
      status,
      error,
      refresh: load,
      refreshChannels,
      refreshMembers,
      switchTo,
      setOnline: setOnlineState,
      replaceChannel,
    }),
    [
      area,
      organizations,
      currentId,
      current,
      channels,
      members,
      online,
      status,
      error,
      load,
      refreshChannels,
      refreshMembers,
      switchTo,
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
