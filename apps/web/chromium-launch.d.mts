import type { LaunchOptions } from '@playwright/test';

/** See chromium-launch.mjs. */
export declare const chromiumLaunchOptions: LaunchOptions;
