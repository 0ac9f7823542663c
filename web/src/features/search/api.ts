import type { SearchPage } from "../../../../contract/search";
import { api } from "../../api/http";

export const searchApi = {
  /** One page of the organization's matches, newest first; `cursor` continues after a page. */
  search: (organizationId: string, q: string, cursor?: string | null) => {
    const query = new URLSearchParams({ q });
    if (cursor) query.set("cursor", cursor);
    return api<SearchPage>("GET", `/api/organizations/${organizationId}/search?${query}`);
  },
};
