import type {
  ActivityPage,
  ChangePasswordInput,
  PollingStation,
  VoterProfile,
} from "../../../../contract/profile";
import { api } from "../../api/http";

export const profileApi = {
  profile: () => api<{ profile: VoterProfile }>("GET", "/api/profile"),
  activity: (page = 0) => api<ActivityPage>("GET", `/api/profile/activity?page=${page}`),
  pollingStations: () => api<{ stations: PollingStation[] }>("GET", "/api/profile/polling-stations"),
  changePassword: (input: ChangePasswordInput) =>
    api<{ success: true; message: string }>("POST", "/api/account/password", input),
};
