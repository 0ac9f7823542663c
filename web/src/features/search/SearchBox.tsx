import { type FormEvent, useEffect, useState } from "react";
import { SEARCH_MAX } from "../../../../contract/search-limits";
import { useLocation, useNavigate, useSearchParams } from "../../router";
import type { Area } from "../workspace/WorkspaceContext";
import { boxText as text } from "./boxText";
import { SearchIcon } from "./icons";
import styles from "./SearchBox.module.css";

/** The workspace's search box (sidebar, above the channels): Enter opens the organization's results page. */
export function SearchBox({ area }: { area: Area }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onResults = location.pathname === `/${area}/search`;
  const [q, setQ] = useState(onResults ? (params.get("q") ?? "") : "");

  // The box shows the search on screen, and empties when the member goes elsewhere.
  useEffect(() => {
    setQ(onResults ? (params.get("q") ?? "") : "");
  }, [onResults, params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/${area}/search?${new URLSearchParams({ q: q.trim() })}`);
  };

  return (
    <search className={styles.box}>
      <form onSubmit={submit}>
        <SearchIcon size={15} className={styles.boxIcon} />
        <input
          type="search"
          className={styles.boxInput}
          aria-label={text.boxLabel}
          placeholder={text.boxPlaceholder}
          maxLength={SEARCH_MAX}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </form>
    </search>
  );
}
