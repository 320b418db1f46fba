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
  /** Days the activity log is kept by the retention job (at least 365; ACTIVITY_LOG_RETENTION_DAYS). */
  activityLogRetentionDays: number;
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
  /** Custom domains: which DNS servers to ask (`ip` or `ip:port`; empty = the system's). */
  domains: {
    dnsServers: string[];
    /** Addresses an apex custom domain's A/AAAA records point at (this deployment's proxy). */
    publicIps: string[];
    /** One DNS question's time limit. */
    dnsTimeoutMs: number;
  };
  /**
   * TLS in front of the server (an on-demand-TLS proxy such as Caddy). publicHttps=false (local):
   * nothing is checked and the SSL badge says "Not configured (local)".
   */
  tls: {
    publicHttps: boolean;
    /** Addresses or CIDR ranges allowed to call /api/v1/internal/tls/ask. */
    askAllow: string[];
    /** PEM file of an extra trusted root (a private CA such as Caddy's internal one). */
    caFile: string | undefined;
    /** Port the certificate check connects to (443; tests use the proxy's). */
    checkPort: number;
  };
  /** How long one webhook attempt may take (default 10 s; tests shorten it). */
  webhooks?: { timeoutMs: number };
};

export const PRODUCT_NAME = 'School & Camp Management Platform';
export const PRODUCT_SHORT_NAME = 'SCMP';
