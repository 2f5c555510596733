/** spec 1 §3 Alert and §4/§9 timings. */
const ALERT_TYPES = ['success', 'okay', 'black', 'danger'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** spec 1 §9: "Alert default 2600 ms (7800 ms for too many attempts)". */
export const ALERT_DISMISS_MS = 2600;
export const ALERT_TOO_MANY_ATTEMPTS_DISMISS_MS = 7800;
/** spec 1 §4: the progress bar grows 0.5% every 12 ms (about 2.4 s). */
export const ALERT_PROGRESS_STEP_PERCENT = 0.5;
export const ALERT_PROGRESS_TICK_MS = 12;
