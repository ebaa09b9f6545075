import type { ConnectionOptions, Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { JobQueue, RedisAddress, RedisClient, WorkQueueTransport } from './types.js';

/**
 * Redis (ioredis) and BullMQ on Node, for the work queue: connecting, and the queue's jobs as plain data.
 * What the keys and jobs mean (runs, results, checks, batches) is runs/queue-*.ts's; this module only
 * carries them. A connection that works once is retried when it drops (a Redis restart) instead of
 * failing the run; the first connection fails fast, so that a wrong address is said in one line.
 */

// Loaded on first use, by require (the command line's bundle runs as a script, where import() of a
// package is not offered): most commands never touch the queue.
const require = createRequire(import.meta.url);

function bullmq(): typeof import('bullmq') {
  return require('bullmq') as typeof import('bullmq');
}

/** What ioredis and BullMQ are given to connect. */
function credentials(address: RedisAddress): { host: string; port: number; db: number; username?: string; password?: string } {
  return {
    host: address.host, port: address.port, db: address.db,
    ...(address.username !== undefined ? { username: address.username } : {}),
    ...(address.password !== undefined ? { password: address.password } : {}),
  };
}

function connectionOf(address: RedisAddress): ConnectionOptions {
  return { ...credentials(address), maxRetriesPerRequest: null };
}

async function connect(address: RedisAddress): Promise<RedisClient> {
  const { Redis: IORedis } = require('ioredis') as typeof import('ioredis');
  const redis = new IORedis({ ...credentials(address), lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  // (the cause of a failed connection comes as an error event; connect() itself only says it closed)
  let cause: Error | undefined;
  redis.on('error', (e: Error) => {
    cause ??= e;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new Error((cause ?? (e as Error)).message || 'no answer');
  }
  // (ioredis selects the database on connecting but only reports a failure as an event, and then works on
  // database 0: a database the server does not have must be refused, not another one used)
  try {
    await redis.select(address.db);
  } catch (e) {
    redis.disconnect();
    throw new Error(`the server has no database ${address.db} (${(e as Error).message})`);
  }
  // from now on a lost connection is retried (a Redis restart), not fatal
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  redis.options.maxRetriesPerRequest = null;
  return redis satisfies RedisClient;
}

async function listen(redis: RedisClient, channel: string, listener: (message: string) => void): Promise<() => void> {
  const listening = (redis as Redis).duplicate();
  listening.on('error', () => {});
  listening.on('message', (_: string, message: string) => listener(message));
  await listening.subscribe(channel);
  return () => listening.disconnect();
}

function openQueue(address: RedisAddress, name: string): JobQueue {
  const queue = new (bullmq().Queue)(name, { connection: connectionOf(address) });
  queue.on('error', () => {});
  return {
    add: (jobName, data, options) => queue.add(jobName, data, options),
    addBulk: (jobs) => queue.addBulk([...jobs]),
    failed: (start, end) => queue.getFailed(start, end),
    close: () => queue.close(),
  };
}

const startWorker: WorkQueueTransport['startWorker'] = async (address, name, run, options) => {
  const worker: Worker = new (bullmq().Worker)(name, async (job: Job) => run(job), { connection: connectionOf(address), ...options });
  worker.on('error', () => {});
  await worker.waitUntilReady();
  return { close: () => worker.close(true) };
};

function unrecoverable(message: string): Error {
  return new (bullmq().UnrecoverableError)(message);
}

export const transport: WorkQueueTransport = { connect, listen, openQueue, startWorker, unrecoverable };
