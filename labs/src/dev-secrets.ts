// The keys the app servers and lab hosts share when none are configured: fine on a
// developer's machine, refused in production by both processes' configuration checks.
export const DEV_LAB_TOKEN_SECRET = 'development-only-lab-token-secret-change-me';
export const DEV_LAB_FLAG_SECRET = 'development-only-lab-flag-secret-change-me';
