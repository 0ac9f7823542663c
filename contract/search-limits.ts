/**
 * A search's length limits, apart from contract/search.ts: the workspace's search box (on every
 * workspace page) needs its maximum only, and search.ts would bring the results' helpers with it.
 */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
