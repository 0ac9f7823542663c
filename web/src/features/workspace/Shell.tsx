import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { firstMessages as messages } from "../../../../contract/first-messages";
import { Outlet, useLocation } from "../../router";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { ToastProvider } from "../../ui/Toast";
import { ChatDock } from "../chat/ChatDock";
import { useUnreadCounts } from "../posts/useUnreadCounts";
import { ChannelSidebar } from "./ChannelSidebar";
import { ConnectionStatus } from "./ConnectionStatus";
import { MenuIcon } from "./icons";
import { MentionNotices, MessageNotices } from "./MentionNotices";
import { OrganizationStrip } from "./OrganizationStrip";
import styles from "./Shell.module.css";
import { shellText as text } from "./shellText";
import { type Area, useWorkspace, WorkspaceProvider } from "./WorkspaceContext";
import buttons from "./workspaceButtons.module.css";

function ShellLayout() {
  const { status, error, refresh, current } = useWorkspace();
  const location = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const { counts } = useUnreadCounts();
  const unread = Object.values(counts).reduce((sum, count) => sum + count, 0);

  // A narrow screen's drawer closes when the user goes somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setSidebarOpen(false), [location.pathname, location.search]);

  // Another page starts at its top (the pane kept the last page's scroll: a heading was cut off).
  // A block, not an expression: Chromium's scrollTo returns a promise, which React would call.
  const content = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new page only
  useLayoutEffect(() => {
    content.current?.scrollTo?.(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSidebarOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [sidebarOpen]);

  // The drawer takes the focus when it opens (the page behind it is inert meanwhile), and gives it
  // back to its button when it closes, by Escape, its close button or a channel chosen in it.
  const drawerButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (sidebarOpen) {
      wasOpen.current = true;
      // The drawer fades in (hidden until its transition runs): tried each frame until it takes it.
      const first = document.querySelector<HTMLElement>(`.${styles.shell} aside button`);
      let frame = 0;
      let tries = 0;
      const take = () => {
        first?.focus();
        if (first && document.activeElement !== first && ++tries < 60) frame = requestAnimationFrame(take);
      };
      take();
      return () => cancelAnimationFrame(frame);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      const active = document.activeElement;
      if (!active || active === document.body || active.closest("aside")) drawerButton.current?.focus();
    }
  }, [sidebarOpen]);

  if (status === "loading") {
    return (
      <Status as="div" className="center-screen">
        {text.loading}
      </Status>
    );
  }
  if (status === "error") {
    return (
      <div className="center-screen" role="alert">
        <h1>{text.loadFailed}</h1>
        <p className="muted">{error}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={retrying}
          onClick={async () => {
            setRetrying(true);
            await refresh();
            setRetrying(false);
          }}
        >
          {text.retry}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.shell} data-drawer={sidebarOpen ? "open" : undefined}>
      <a className="skip-link" href="#workspace-main">
        Skip to content
      </a>
      <OrganizationStrip />
      <ChannelSidebar
        open={sidebarOpen}
        onNavigate={() => setSidebarOpen(false)}
        onClose={() => setSidebarOpen(false)}
      />
      {sidebarOpen && (
        <button
          type="button"
          className={styles.drawerScrim}
          aria-label={text.closeSidebar}
          tabIndex={-1}
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <main id="workspace-main" className={styles.main} tabIndex={-1} inert={sidebarOpen || undefined}>
        <div className={styles.mobileBar}>
          <button
            ref={drawerButton}
            type="button"
            className={cx(buttons.iconButton, styles.menuButton)}
            aria-expanded={sidebarOpen}
            onClick={() => setSidebarOpen(true)}
          >
            <MenuIcon size={20} />
            {/* Named by its words, the count it shows among them (a name without it would not say what is seen). */}
            <span className="visually-hidden">{text.openSidebar}</span>
            {/* The channels' unread messages, which the closed drawer would otherwise hide. */}
            {unread > 0 && (
              <span className={styles.menuUnread}>
                {" "}
                {unread > 99 ? "99+" : unread}
                <span className="visually-hidden"> {text.unreadInChannels}</span>
              </span>
            )}
          </button>
          <span className={styles.mobileTitle}>{current?.name ?? text.dashboard}</span>
        </div>
        <ConnectionStatus />
        {current?.status === "suspended" && (
          <Status as="div" className={styles.suspended}>
            {messages.organizationSuspended}
          </Status>
        )}
        <div className={styles.mainContent} ref={content}>
          <Outlet />
        </div>
      </main>
      {/* Under the open drawer (a phone's, a tablet's) the messages button would cover its foot
          (Sign Out) and stay in the tab order: it waits with the page. */}
      <div className={styles.dock} inert={sidebarOpen || undefined}>
        <ChatDock />
      </div>
    </div>
  );
}

/**
 * The signed-in area's frame: organization strip, channel sidebar, the page (`<Outlet />`) and the
 * floating chat button, around the workspace's data.
 */
export default function WorkspaceShell({ area }: { area: Area }) {
  return (
    // Its own toast layer: the workspace's notices show above its floating panel whatever the page is.
    <ToastProvider>
      <WorkspaceProvider area={area}>
        <ShellLayout />
        <MentionNotices />
        <MessageNotices />
      </WorkspaceProvider>
    </ToastProvider>
  );
}
