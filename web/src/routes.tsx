import { lazy, type ReactNode } from "react";
import type { UserType } from "../../contract/accounts";
import { homeFor, useAuth } from "./features/accounts/AuthProvider";
import { GuestOnly, RequireUser } from "./features/accounts/guards";
import { AREA_CHANNEL_PAGES } from "./features/workspace/areaPaths";
import { area } from "./features/workspace/areaRoutes";
import { Navigate, type RouteObject, useLocation, useRoutes } from "./router";
import { lazyPage, LazyPage as Page } from "./ui/LazyPage";

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
const InvitePage = lazy(() => import("./features/invite/InvitePage"));
const InvitationPage = lazy(() => import("./features/invitations/InvitationPage"));
const BulletinPage = lazy(() => import("./features/elections/BulletinPage"));
const ResultsReportPage = lazyPage(() => import("./features/elections/results/ResultsReportPage"));
const OutboxPage = lazy(() => import("./features/elections/OutboxPage"));
const AdminSignInPage = lazy(() => import("./features/platform-admin/AdminSignInPage"));
const AdminDashboardPage = lazy(() => import("./features/platform-admin/AdminDashboardPage"));
const VoterProfilePage = lazyPage(() => import("./features/profile/VoterProfilePage"));
const VoterCardPage = lazyPage(() => import("./features/profile/VoterCardPage"));
const VotingFaqPage = lazyPage(() => import("./features/profile/VotingFaqPage"));
const PollingStationsPage = lazyPage(() => import("./features/profile/PollingStationsPage"));

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

/** A page whose code loads when it is first shown ("Loading..." meanwhile). */
const page = (path: string, element: ReactNode): RouteObject => ({ path, element: <Page>{element}</Page> });
/**
 * A page for signed-in users only (the sign-in page, and back here after it, for anyone else); its
 * code is asked for beside the session's read (`load`), not after it.
 */
const signedIn = (path: string, Shown: ReturnType<typeof lazyPage>): RouteObject => ({
  path,
  load: Shown.load,
  element: (
    <RequireUser>
      <Page>
        <Shown />
      </Page>
    </RequireUser>
  ),
});
/** A page for visitors not signed in (a signed-in user goes to their home). */
const guestOnly = (path: string, element: ReactNode): RouteObject => ({
  path,
  element: (
    <GuestOnly>
      <Page>{element}</Page>
    </GuestOnly>
  ),
});

/**
 * The route table of spec part 1, section 2, with its guards, served by `useRoutes` under the
 * `BrowserRouter` of main.tsx (router/). The first route that matches wins: `*` goes last.
 */
const routes: RouteObject[] = [
  {
    ...page("/", <PublicLayout />),
    children: [
      { index: true, element: <Landing /> },
      { path: "features", element: <FeaturesPage /> },
      { path: "solutions", element: <SolutionsPage /> },
      { path: "resources", element: <ResourcesPage /> },
      { path: "business", element: <BusinessPage /> },
      { path: "programs", element: <ProgramsPage /> },
    ],
  },
  guestOnly("/signup", <SignUpPage />),
  guestOnly("/signin", <SignInPage />),
  page("/forgot-password", <ForgotPasswordPage />),
  page("/reset-password/:token", <ResetPasswordPage />),
  area("organization", AREA_CHANNEL_PAGES.organization),
  area("member", AREA_CHANNEL_PAGES.member),
  page("/invitation/:token", <InvitationPage />),
  page("/join/:inviteCode", <InvitePage />),
  page("/elections/:electionId/bulletin", <BulletinPage />),
  signedIn("/elections/:electionId/report", ResultsReportPage),
  page("/dev/outbox", <OutboxPage />),
  // `/text`: a message's permalink ("Copy link"), the text channel in the reader's own area.
  ...["create-channel", "search-organizations", "settings", "text"].map((at) => ({
    path: `/${at}`,
    element: <ToArea page={at} />,
  })),
  { path: "/org-profile", element: <ToArea page="profile" userType="organization" /> },
  // The voter profile and its pages: any signed-in user.
  signedIn("/voters", VoterProfilePage),
  signedIn("/voters/card", VoterCardPage),
  signedIn("/voters/faq", VotingFaqPage),
  signedIn("/voters/stations", PollingStationsPage),
  // The platform admin portal: its own sign-in; the dashboard checks the admin session on the server.
  page("/admin/signin", <AdminSignInPage />),
  page("/admin/dashboard", <AdminDashboardPage />),
  { path: "/admin", element: <Navigate to="/admin/dashboard" replace /> },
  { path: "/monitoring", element: <ToArea page="monitoring" userType="organization" /> },
  { path: "*", element: <Navigate to="/" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
