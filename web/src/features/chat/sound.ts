import { useCallback, useRef } from "react";
import type { UserSettings } from "../../../../contract/settings";
import { settingsEndpoints } from "../../../../contract/settings-endpoints";
import { useEndpointQuery } from "../../api/query";

/**
 * The chime, loaded when one is first played (it is not needed for a page to show): see chime.ts.
 */
export function chime(): void {
  void import("./chime").then((module) => module.chime());
}

type NotificationChoices = UserSettings["notifications"];

/**
 * The user's notification choices (settings › Notifications), read through the query cache: every
 * part of the screen that asks shares one read, and the settings page's save writes the cache, so
 * a change applies at once. Null until known (silent at first, and if it cannot be read). A part
 * that mounts once the workspace has loaded takes the read another made (it was read again on
 * every such mount); the settings page reads afresh when opened.
 */
export function useNotificationChoices(): () => NotificationChoices | null {
  const { data } = useEndpointQuery(settingsEndpoints.read, undefined, {
    staleTime: Number.POSITIVE_INFINITY,
  });
  const choices = useRef<NotificationChoices | null>(null);
  choices.current = data?.notifications ?? null;
  return useCallback(() => choices.current, []);
}
