import { type ReactNode, useState } from "react";
import { NavLink, useNavigate } from "../../router";
import { initials } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { ShieldIcon, TrophyIcon } from "../../ui/icons";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { Tooltip } from "../../ui/Tooltip";
import { OrgLogo } from "../organizations/OrgLogo";
import { BuildingIcon, PlusIcon, SearchPlusIcon } from "./icons";
import styles from "./OrganizationStrip.module.css";
import { shellText as text } from "./shellText";
import { useWorkspace } from "./WorkspaceContext";

function RailLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Tooltip text={label}>
      <NavLink to={to} end className={styles.railButton} aria-label={label}>
        {children}
      </NavLink>
    </Tooltip>
  );
}

/** The far-left strip: join, results, one button per organization, and the area's own shortcuts. */
export function OrganizationStrip() {
  const { area, organizations, currentId, switchTo } = useWorkspace();
  const navigate = useNavigate();
  const toast = useToast();
  const [switching, setSwitching] = useState<string | null>(null);

  const choose = async (id: string) => {
    if (id === currentId || switching) return;
    setSwitching(id);
    try {
      await switchTo(id);
      navigate(`/${area}`);
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setSwitching(null);
    }
  };

  return (
    <nav className={styles.rail} aria-label="Organizations">
      <RailLink to={`/${area}/search-organizations`} label={text.joinOrganization}>
        <SearchPlusIcon size={22} />
      </RailLink>
      <RailLink to={`/${area}/election-results`} label={text.electionResults}>
        <TrophyIcon size={22} />
      </RailLink>
      <div className={styles.railDivider} />
      <ul className={styles.railOrgs}>
        {organizations.map((organization) => {
          const active = organization.id === currentId;
          return (
            <li key={organization.id} className={cx(styles.railOrg, active && styles.railOrgActive)}>
              <Tooltip text={organization.name}>
                <button
                  type="button"
                  className={styles.railOrgButton}
                  // The name starts with what the button shows, the initials (WCAG 2.5.3, label in name).
                  aria-label={`${initials(organization.name)}, ${organization.name}`}
                  aria-current={active ? "true" : undefined}
                  aria-busy={switching === organization.id || undefined}
                  disabled={!!switching && switching !== organization.id}
                  onClick={() => void choose(organization.id)}
                >
                  <OrgLogo name={organization.name} url={organization.logo_url} size={46} decorative />
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <div className={styles.railDivider} />
      {area === "organization" ? (
        <div className={styles.railGroup}>
          <RailLink to="/organization/monitoring" label={text.monitoring}>
            <ShieldIcon size={22} />
          </RailLink>
          <RailLink to="/organization/profile" label={text.organizationProfile}>
            <BuildingIcon size={22} />
          </RailLink>
          <RailLink to="/organization/create-channel" label={text.createChannel}>
            <PlusIcon size={22} />
          </RailLink>
        </div>
      ) : (
        <RailLink to="/member/create-channel" label={text.createChannel}>
          <PlusIcon size={22} />
        </RailLink>
      )}
    </nav>
  );
}
