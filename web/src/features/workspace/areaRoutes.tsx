import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject } from "../../router";
import { LazyPage as Page } from "../../ui/LazyPage";
import { RequireUser } from "../accounts/guards";

const WorkspaceShell = lazy(() => import("./Shell"));
const WorkspaceHome = lazy(() => import("./WorkspaceHome"));
const CreateChannelPage = lazy(() => import("../channels/CreateChannelPage"));
const ProfilePage = lazy(() => import("../organizations/ProfilePage"));
const SearchPage = lazy(() => import("../organizations/SearchPage"));
const MessageSearchPage = lazy(() => import("../search/MessageSearchPage"));
const SettingsPage = lazy(() => import("../settings/SettingsPage"));
const ElectionChannelPage = lazy(() => import("../elections/ElectionChannelPage"));
const TextChannelPage = lazy(() => import("../posts/TextChannelPage"));
const AudioRoomPage = lazy(() => import("../rooms/AudioRoomPage"));
const LiveStreamPage = lazy(() => import("../rooms/LiveStreamPage"));
const ResultsPage = lazy(() => import("../elections/ResultsPage"));
const MonitoringPage = lazy(() => import("../monitoring/MonitoringPage"));

/** An area (the organization's or the member's): its shell, channel pages and the pages inside it. */
export function area(name: "organization" | "member", channelTypes: readonly string[]): RouteObject {
  const userType = name === "organization" ? "organization" : "voter";
  const page = (element: ReactNode) => <Page>{element}</Page>;
  return {
    path: `/${name}`,
    element: (
      <RequireUser userType={userType}>
        <Page>
          <WorkspaceShell area={name} />
        </Page>
      </RequireUser>
    ),
    children: [
      { index: true, element: page(<WorkspaceHome />) },
      ...channelTypes.map((type) => ({
        path: type,
        element: page(
          type === "election" ? (
            <ElectionChannelPage />
          ) : type === "text" ? (
            <TextChannelPage />
          ) : type === "airing" ? (
            <AudioRoomPage />
          ) : (
            // live (organization) and streaming (member): every channel type has its page.
            <LiveStreamPage />
          ),
        ),
      })),
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
