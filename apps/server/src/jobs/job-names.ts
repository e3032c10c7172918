/** Queue names that other code asks to run soon (jobs.runSoon, jobs.nudge). */
export const AUTO_INVEST_JOB = 'marketplace.auto-invest';
export const MESSAGE_DELIVERY_JOB = 'messages.deliver';
