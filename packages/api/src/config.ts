/** Settings the API layer needs; the server validates them from the environment (apps/server/src/config.ts). */
export type AppConfig = {
  appEnv: 'local' | 'production' | 'test';
  appUrl: string;
  /** 32+ bytes of secret used for signing links and encrypting secrets at rest. */
  appKey: string;
  productName: string;
  productShortName: string;
  tenantDomain: string;
  instanceDomain: string;
  dataDir: string;
  uploadsDir: string;
  sessionIdleDays: number;
  sessionAbsoluteDays: number;
  requireVerifiedLogin: boolean;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    supportEmail: string;
    salesEmail: string;
    generalEmail: string;
  };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  billing: { gracePeriodDays: number };
  /** Upload storage: the local folder (uploadsDir) unless an S3-compatible bucket is configured. */
  s3?: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  instances: { healthCheckIntervalSeconds: number };
  /** How long one webhook attempt may take (default 10 s; tests shorten it). */
  webhooks?: { timeoutMs: number };
};

export const PRODUCT_NAME = 'School & Camp Management Platform';
export const PRODUCT_SHORT_NAME = 'SCMP';
