import { Suspense } from "react";
import { Outlet } from "../../router";
import { Spinner } from "../../ui/Spinner";
import { Status } from "../../ui/Status";
import Footer from "./Footer";
import Header from "./Header";
import styles from "./PublicLayout.module.css";
import shared from "./sections.module.css";
import { useScrollToHash } from "./useScrollToHash";

function PageLoading() {
  return (
    <Status as="div" className={styles.loading}>
      <Spinner size="large" />
      <span className="visually-hidden">Loading page</span>
    </Status>
  );
}

/** Marketing-site shell: header, the current page and footer. */
export default function PublicLayout() {
  useScrollToHash();

  return (
    <div className={shared.shell}>
      <Header />
      <main id="pub-main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
