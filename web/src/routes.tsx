import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import type { UserType } from "../../contract/accounts";
import { homeFor, useAuth } from "./features/accounts/AuthProvider";
import { GuestOnly, RequireUser } from "./features/accounts/guards";
import { ErrorBoundary } from "./ui/ErrorBoundary";

const PublicLayout = lazy(() => import("./features/public/PublicLayout"));
const Landing = lazy(() => import("./features/public/Landing"));
const FeaturesPage = lazy(() => import("./features/public/FeaturesPage"));
const SolutionsPage = lazy(() => import("./features/public/SolutionsPage"));
const ResourcesPage = lazy(() => import("./features/public/ResourcesPage"));
const BusinessPage = lazy(() => import("./features/public/BusinessPage"));
const ProgramsPage = lazy(() => import("./features/public/ProgramsPage"));
const SignUpPage = lazy(() => import("./features/accounts/SignUpPage"));
const SignInPage = lazy(() => import("./features/accounts/SignInPage"));
const ForgotPasswordPage = lazy(() => import("./features/accounts/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./features/accounts/ResetPasswordPage"));
const WorkspaceShell = lazy(() => import("./features/workspace/Shell"));
const WorkspaceHome = lazy(() => import("./features/workspace/WorkspaceHome"));
const CreateChannelPage = lazy(() => import("./features/channels/CreateChannelPage"));
const ProfilePage = lazy(() => import("./features/organizations/ProfilePage"));
const SearchPage = lazy(() => import("./features/organizations/SearchPage"));
const MessageSearchPage = lazy(() => import("./features/search/MessageSearchPage"));
const SettingsPage = lazy(() => import("./features/settings/SettingsPage"));
const InvitePage = lazy(() => import("./features/invite/InvitePage"));
const InvitationPage = lazy(() => import("./features/invitations/InvitationPage"));
const ElectionChannelPage = lazy(() => import("./features/elections/ElectionChannelPage"));
const TextChannelPage = lazy(() => import("./features/posts/TextChannelPage"));
const AudioRoomPage = lazy(() => import("./features/rooms/AudioRoomPage"));
const LiveStreamPage = lazy(() => import("./features/rooms/LiveStreamPage"));
const ResultsPage = lazy(() => import("./features/elections/ResultsPage"));
const BulletinPage = lazy(() => import("./features/elections/BulletinPage"));
const ResultsReportPage = lazy(() => import("./features/elections/results/ResultsReportPage"));
const OutboxPage = lazy(() => import("./features/elections/OutboxPage"));
const AdminSignInPage = lazy(() => import("./features/platform-admin/AdminSignInPage"));
const AdminDashboardPage = lazy(() => import("./features/platform-admin/AdminDashboardPage"));
const VoterProfilePage = lazy(() => import("./features/profile/VoterProfilePage"));
const VoterCardPage = lazy(() => import("./features/profile/VoterCardPage"));
const VotingFaqPage = lazy(() => import("./features/profile/VotingFaqPage"));
const PollingStationsPage = lazy(() => import("./features/profile/PollingStationsPage"));
const MonitoringPage = lazy(() => import("./features/monitoring/MonitoringPage"));

function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense
        fallback={
          <div className="center-screen" role="status">
            Loading...
          </div>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/** An area (the organization's or the member's): its shell, channel pages and the pages inside it. */
function area(name: "organization" | "member", channelTypes: string[]): RouteObject {
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

/** Top-level paths of the spec that live inside an area: sent to the signed-in user's own. */
function ToArea({ page, userType }: { page: string; userType?: UserType }) {
  return (
    <RequireUser userType={userType}>
      <ToAreaInner page={page} />
    </RequireUser>
  );
}

function ToAreaInner({ page }: { page: string }) {
  const { user } = useAuth();
  const location = useLocation();
  return user ? <Navigate to={`${homeFor(user)}/${page}${location.search}`} replace /> : null;
}

/**
 * The route table of spec part 1, section 2, with its guards. Served by `useRoutes` under a
 * `BrowserRouter` (main.tsx): the data router (createBrowserRouter) would add 16 KiB gzip to every
 * first load for loaders and actions this app does not use.
 */
const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <Page>
        <PublicLayout />
      </Page>
    ),
    children: [
      { index: true, element: <Landing /> },
      { path: "features", element: <FeaturesPage /> },
      { path: "solutions", element: <SolutionsPage /> },
      { path: "resources", element: <ResourcesPage /> },
      { path: "business", element: <BusinessPage /> },
      { path: "programs", element: <ProgramsPage /> },
    ],
  },
  {
    path: "/signup",
    element: (
      <GuestOnly>
        <Page>
          <SignUpPage />
        </Page>
      </GuestOnly>
    ),
  },
  {
    path: "/signin",
    element: (
      <GuestOnly>
        <Page>
          <SignInPage />
        </Page>
      </GuestOnly>
    ),
  },
  {
    path: "/forgot-password",
    element: (
      <Page>
        <ForgotPasswordPage />
      </Page>
    ),
  },
  {
    path: "/reset-password/:token",
    element: (
      <Page>
        <ResetPasswordPage />
      </Page>
    ),
  },
  area("organization", ["text", "airing", "live", "election"]),
  area("member", ["text", "airing", "streaming", "election"]),
  {
    path: "/invitation/:token",
    element: (
      <Page>
        <InvitationPage />
      </Page>
    ),
  },
  {
    path: "/join/:inviteCode",
    element: (
      <Page>
        <InvitePage />
      </Page>
    ),
  },
  {
    path: "/elections/:electionId/bulletin",
    element: (
      <Page>
        <BulletinPage />
      </Page>
    ),
  },
  {
    path: "/elections/:electionId/report",
    element: (
      <RequireUser>
        <Page>
          <ResultsReportPage />
        </Page>
      </RequireUser>
    ),
  },
  {
    path: "/dev/outbox",
    element: (
      <Page>
        <OutboxPage />
      </Page>
    ),
  },
  { path: "/create-channel", element: <ToArea page="create-channel" /> },
  { path: "/search-organizations", element: <ToArea page="search-organizations" /> },
  { path: "/settings", element: <ToArea page="settings" /> },
  // A message's permalink ("Copy link"): the text channel in the reader's own area.
  { path: "/text", element: <ToArea page="text" /> },
  { path: "/org-profile", element: <ToArea page="profile" userType="organization" /> },
  // The voter profile and its pages: any signed-in user.
  ...(
    [
      ["/voters", <VoterProfilePage key="profile" />],
      ["/voters/card", <VoterCardPage key="card" />],
      ["/voters/faq", <VotingFaqPage key="faq" />],
      ["/voters/stations", <PollingStationsPage key="stations" />],
    ] as const
  ).map(([path, element]) => ({
    path,
    element: (
      <RequireUser>
        <Page>{element}</Page>
      </RequireUser>
    ),
  })),
  // The platform admin portal: its own sign-in; the dashboard checks the admin session on the server.
  {
    path: "/admin/signin",
    element: (
      <Page>
        <AdminSignInPage />
      </Page>
    ),
  },
  {
    path: "/admin/dashboard",
    element: (
      <Page>
        <AdminDashboardPage />
      </Page>
    ),
  },
  { path: "/admin", element: <Navigate to="/admin/dashboard" replace /> },
  { path: "/monitoring", element: <ToArea page="monitoring" userType="organization" /> },
  { path: "*", element: <Navigate to="/" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
