import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject } from "../../router";
import { lazyPage, LazyPage as Page } from "../../ui/LazyPage";
import { RequireUser } from "../accounts/guards";

const WorkspaceShell = lazyPage(() => import("./Shell"));
const WorkspaceHome = lazy(() => import("./WorkspaceHome"));
const CreateChannelPage = lazy(() => import("../channels/CreateChannelPage"));
const ProfilePage = lazy(() => import("../organizations/ProfilePage"));
const SearchPage = lazy(() => import("../organizations/SearchPage"));
const MessageSearchPage = lazy(() => import("../search/MessageSearchPage"));
const SettingsPage = lazy(() => import("../settings/SettingsPage"));
const ResultsPage = lazy(() => import("../elections/ResultsPage"));
const MonitoringPage = lazy(() => import("../monitoring/MonitoringPage"));
/** Each channel type's page; live (organization) and streaming (member) are the live stream's. */
const channelPages: Record<string, ReturnType<typeof lazyPage>> = {
  election: lazyPage(() => import("../elections/ElectionChannelPage")),
  text: lazyPage(() => import("../posts/TextChannelPage")),
  airing: lazyPage(() => import("../rooms/AudioRoomPage")),
};
const LiveStreamPage = lazyPage(() => import("../rooms/LiveStreamPage"));

/**
 * An area (the organization's or the member's): its shell, channel pages and the pages inside it. A
 * channel page's code is asked for with the shell's (`load`), not once the shell has read the
 * workspace: on the ballot page, one round trip fewer before the ballot.
 */
export function area(name: "organization" | "member", channelTypes: readonly string[]): RouteObject {
  const userType = name === "organization" ? "organization" : "voter";
  const page = (element: ReactNode) => <Page>{element}</Page>;
  return {
    path: `/${name}`,
    load: WorkspaceShell.load,
    element: (
      <RequireUser userType={userType}>
        <Page>
          <WorkspaceShell area={name} />
        </Page>
      </RequireUser>
    ),
    children: [
      { index: true, element: page(<WorkspaceHome />) },
      ...channelTypes.map((type) => {
        const Channel = channelPages[type] ?? LiveStreamPage;
        return { path: type, load: Channel.load, element: page(<Channel />) };
      }),
      { path: "election-results", element: page(<ResultsPage />) },
      { path: "create-channel", element: page(<CreateChannelPage />) },
      { path: "search-organizations", element: page(<SearchPage />) },
      { path: "search", element: page(<MessageSearchPage />) },
      { path: "settings", element: page(<SettingsPage />) },
      ...(name === "organization" ? [{ path: "profile", element: page(<ProfilePage />) }] : []),
      ...(name === "organization" ? [{ path: "monitoring", element: page(<MonitoringPage />) }] : []),
      { path: "*", element: <Navigate to={`/${name}`} replace /> },
    ],
  };
}
