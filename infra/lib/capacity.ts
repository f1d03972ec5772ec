/*
 * The busiest moment the deployment is sized for, and what follows from it: the API stage's
 * throttle and the Lambda concurrency the account needs (docs/decisions/deployment.md, "Peak and
 * throttle"). Change the peak here and both follow; `npm run doctor` checks the account's quota
 * against `requiredConcurrency`.
 */

/** The stated peak: a busy studio's busiest minute. */
export const plannedPeak = {
  /** Clients uploading photos at the same moment (each browser uploads one photo at a time). */
  uploadingClients: 20,
  /** Photos one client's upload finishes per second at most (small photos on a fast line). */
  photosPerSecondPerClient: 2,
  /** API calls per photo: its upload link and its confirmation. */
  callsPerPhoto: 2,
  /** Other signed-in people at once: clients following their jobs, staff in the console. */
  otherSignedInPeople: 200,
  /** API calls per second of each of them (a page's reads every few seconds, polling included). */
  callsPerSecondPerPerson: 0.25,
  /** Anonymous visitors make no API calls: the public pages are published, served by CloudFront. */
  anonymousCallsPerSecond: 0,
} as const;

/** API calls per second at the planned peak: 20 x 2 x 2 + 200 x 0.25 = 130. */
export const peakCallsPerSecond =
  plannedPeak.uploadingClients * plannedPeak.photosPerSecondPerClient * plannedPeak.callsPerPhoto +
  plannedPeak.otherSignedInPeople * plannedPeak.callsPerSecondPerPerson +
  plannedPeak.anonymousCallsPerSecond;

/**
 * The stage throttle: twice the peak, so the peak never meets it while a flood of many times the
 * peak (the WAF's per-address limit is the first line) cannot run up the Lambda bill; the burst
 * covers a second of twice that, as many uploads finishing together.
 */
export const stageThrottle = {
  rateLimit: 2 * peakCallsPerSecond,
  burstLimit: 4 * peakCallsPerSecond,
} as const;

/** Seconds an API call keeps a function busy, on average over the routes (measured p95 of most is below 0.2 s). */
const secondsPerCall = 0.25;

/**
 * Concurrent executions the account needs: the throttled rate times a call's time, plus room for
 * the workers (files worker, notifier, publisher, scheduled run) and the 10 that Lambda keeps
 * unreserved. New accounts start at 10 (docs/deploy.md, step 2).
 */
export const requiredConcurrency = Math.ceil(stageThrottle.rateLimit * secondsPerCall) + 20 + 10;
