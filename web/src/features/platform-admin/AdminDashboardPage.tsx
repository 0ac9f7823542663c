import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { ShieldIcon } from "../../ui/icons";
import styles from "./AdminDashboardPage.module.css";
import { RequireAdmin, useAdminSession } from "./AdminSession";
import { AuditLogTab } from "./AuditLogTab";
import { MembersTab } from "./MembersTab";
import { MonitoringTab } from "./MonitoringTab";
import { OrganizationsTab } from "./OrganizationsTab";
import { OverviewTab } from "./OverviewTab";

const TABS = [
  { id: "overview", label: "Overview", search: "Search recent organizations..." },
  { id: "organizations", label: "Organizations", search: "Search organizations or owners..." },
  { id: "members", label: "Members", search: "Search members by name, email or organization..." },
  { id: "monitoring", label: "Monitoring", search: "Search security events..." },
  { id: "audit", label: "Audit Log", search: "Search admin actions..." },
] as const;
type TabId = (typeof TABS)[number]["id"];

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/** /admin/dashboard, behind the server-checked admin session. */
export default function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

/** Header with search and Sign Out, sidebar tabs, and the tab's content. */
function Dashboard() {
  const { session, signOut } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabId = isTab(requested) ? requested : "overview";
  const [search, setSearch] = useState("");
  const [signingOut, setSigningOut] = useState(false);
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  // On a narrow screen the sections scroll sideways: the open one is brought into view.
  const sections = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another section opens
  useEffect(() => {
    sections.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);

  const choose = (id: TabId) => {
    setSearch("");
    setParams(id === "overview" ? {} : { tab: id });
  };

  return (
    <div className={styles.shell}>
      <header className={styles.header} data-page-header="">
        <div className={styles.brand}>
          <ShieldIcon size={22} />
          <span>Votespace Admin</span>
        </div>
        <input
          type="search"
          className={styles.search}
          placeholder={current.search}
          aria-label={current.search}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className={styles.who}>
          <span className={styles.whoName}>{session.user_data.full_name || session.username}</span>
          <span className={styles.whoRole}>Platform admin</span>
        </div>
        <button
          type="button"
          className="btn"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          {signingOut ? "Signing Out..." : "Sign Out"}
        </button>
      </header>
      <div className={styles.body}>
        <nav className={styles.sidebar} aria-label="Admin sections" ref={sections}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              className={cx(styles.tab, t.id === tab && styles.tabActive)}
              aria-current={t.id === tab ? "page" : undefined}
              onClick={() => choose(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <main className={styles.main}>
          {tab === "overview" && <OverviewTab search={search} onOpen={choose} />}
          {tab === "organizations" && <OrganizationsTab search={search} />}
          {tab === "members" && <MembersTab search={search} />}
          {tab === "monitoring" && <MonitoringTab search={search} />}
          {tab === "audit" && <AuditLogTab search={search} />}
        </main>
      </div>
    </div>
  );
}
