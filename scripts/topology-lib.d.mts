// Types of scripts/topology-lib.mjs, for the TypeScript tests that start a topology (apps/server/topology/).

export interface TopologyOptions {
  /** Default TOPOLOGY_DATABASE_URL || TEST_DATABASE_URL || postgres://postgres@127.0.0.1:5432/postgres; a fresh database golf_topology_<random> is created there (dropped by stop()). */
  adminDatabaseUrl?: string;
  /** Default 2. */
  apiInstances?: number;
  /** Default 2. */
  workers?: number;
  /** Extra environment of every API instance and worker (e.g. the stand-ins' env, JOB_STALE_SECONDS, SESSION_CACHE_MS). */
  env?: Record<string, string>;
  /** Default true (SEED_DEMO; DEMO_PRODUCTS=false and DEMO_SEASON_ROUNDS=0 unless env overrides). */
  seedDemo?: boolean;
  /** Every process's output lines, prefixed with its name; default: kept in memory only. */
  log?: (line: string) => void;
  /** Default false: the instances' and workers' pools go through PgBouncer in transaction mode (docs/scaling.md), DATABASE_DIRECT_URL for the feed and the migrations. Needs `pgbouncer` (apt-get install -y pgbouncer). */
  pgbouncer?: boolean;
}

export interface PgBouncer {
  /** The topology's database through PgBouncer (the instances' DATABASE_URL). */
  url: string;
  /** E.g. '1.18.0'. */
  version: string;
  /** Server connections PgBouncer opens to the database at most. */
  poolSize: number;
  /** Whether the instances keep named prepared statements (PgBouncer >= 1.21, with max_prepared_statements). */
  namedStatements: boolean;
  /** A command of PgBouncer's admin console, e.g. 'SHOW CLIENTS': its rows. */
  show(command: string): Promise<Record<string, unknown>[]>;
}

export interface ProcessHandle {
  /** 'api1', 'api2', 'worker1', 'worker2'. */
  name: string;
  /** null while stopped. */
  pid: number | null;
  /** API instances: their own address http://127.0.0.1:<port> (direct, not through the proxy). */
  url?: string;
  /** Everything it printed (both streams) since the topology started, across restarts. */
  output(): string;
  /** Sends the signal (default SIGTERM); resolves with the exit code once it exited (null when ended by a signal). */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  /** (Re)starts it; API instances: resolves when its /api/ready is 200 directly AND HAProxy sees it UP; workers: once they run jobs. */
  start(): Promise<void>;
  /** kill('SIGTERM') then start(). */
  restart(): Promise<void>;
}

export interface Topology {
  /** http://127.0.0.1:<port>, the HAProxy frontend. */
  proxyUrl: string;
  /** HAProxy's stats page (CSV: statsUrl + ';csv'). */
  statsUrl: string;
  /** Headers that pin a request through the proxy to that instance: { 'x-golf-instance': name }. */
  pin(name: 'api1' | 'api2' | (string & {})): Record<string, string>;
  /** The topology's own database (PostgreSQL itself). */
  databaseUrl: string;
  /** PgBouncer in front of it, with the `pgbouncer` option; else null. */
  pgbouncer: PgBouncer | null;
  s3: { endpoint: string; bucket: string; listKeys(prefix?: string): Promise<string[]> };
  api: ProcessHandle[];
  workers: ProcessHandle[];
  /** Names of the API servers HAProxy currently sees UP (from its stats page). */
  proxyBackendsUp(): Promise<string[]>;
  /** Stops everything it started (proxy, processes, s3rver), drops the database; safe to call twice. */
  stop(): Promise<void>;
}

/** Starts a PostgreSQL database + s3rver + API instances + workers + HAProxy. */
export function startTopology(options?: TopologyOptions): Promise<Topology>;

/** A port free at this moment on 127.0.0.1. */
export function freePort(): Promise<number>;

/** PgBouncer's configuration for the database at `database` (transaction mode, as docs/scaling.md gives it). */
export function pgBouncerConfig(opts: { database: URL; port: number; namedStatements: boolean }): string;

/** deploy/haproxy.cfg with its servers block written for these instances. */
export function proxyConfig(servers: { name: string; address: string }[]): string;
