/** What the warp simulator reports: an unsupported op or type, a race, a deadlock or timeout, a misuse. */
export class SimError extends Error {}
