/** The invite link shown and shared: this site's origin + /join/{code}. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/join/${code}`;
}
