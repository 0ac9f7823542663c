/**
 * A moment on both of the page's clocks: the monotonic one may stop while the device sleeps, the
 * wall clock may be set; an order that matters (a read begun after a topic's last event) is
 * trusted only when both agree.
 */
export interface Moment {
  mono: number;
  wall: number;
}

export const momentNow = (): Moment => ({ mono: performance.now(), wall: Date.now() });

/** The moment `ms` milliseconds before `moment`. */
export const momentBefore = (moment: Moment, ms: number): Moment => ({
  mono: moment.mono - ms,
  wall: moment.wall - ms,
});

/** Whether `a` is at or after `b` on both clocks. */
export const notBefore = (a: Moment, b: Moment): boolean => a.mono >= b.mono && a.wall >= b.wall;
